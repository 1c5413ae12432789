import { notifiedContainerStates } from '../../contract/notification-states'
import { parseInclude } from '../jsonapi/include-paths'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { iso } from '../storage/iso-time'
import type { Stores } from '../storage/storage'

export type Announcement = { event: string; reference: { type: string; id: string } }

/** As in the real service's payloads. */
const INCLUDES: Record<string, string> = {
  transport_event: 'shipment,container,location,vessel,terminal',
  tracking_request: 'tracked_object,tracked_object.containers',
  estimated_event: 'shipment,port,vessel',
  container_created_event: 'shipment,container',
  container_updated_event: 'shipment,container,terminal',
  container_pod_terminal_changed_event: 'shipment,container,terminal',
  alert: 'container,shipment',
}

export async function notificationBody(
  stores: Stores,
  accountId: string,
  reference: Announcement['reference'],
) {
  const context = { storage: stores, accountId, serial: true }
  const [row] = await RESOURCES[reference.type].loadByIds(context as never, [reference.id])
  if (!row) return undefined
  const document = await renderDocument(
    RESOURCES,
    reference.type,
    row,
    parseInclude(INCLUDES[reference.type]),
    context,
  )
  return [...(document.included ?? []), document.data as Record<string, unknown>]
}

export const webhookNotificationDocument = (
  notification: { id: string; event: string; webhookId: string | null; createdAt: Date },
  reference: Announcement['reference'],
  included: unknown[],
) => ({
  data: {
    id: notification.id,
    type: 'webhook_notification',
    attributes: {
      id: notification.id,
      event: notification.event,
      delivery_status: 'pending',
      created_at: iso(notification.createdAt),
    },
    relationships: {
      reference_object: { data: reference },
      webhook: { data: notification.webhookId ? { id: notification.webhookId, type: 'webhook' } : null },
      webhook_notification_logs: { data: [] },
    },
  },
  included,
  meta: { container_states: notifiedContainerStates(included, notification.createdAt) },
})

/** In the caller's transaction: the outbox row commits with the change that caused it, or not at all. */
export async function notify(
  stores: Stores,
  accountId: string,
  now: Date,
  announcements: Announcement[],
  newId: () => string,
) {
  if (announcements.length === 0) return 0
  const webhooks = await stores.outbox.subscribedWebhooks(accountId)
  if (webhooks.length === 0) return 0
  const rows = []
  for (const announcement of announcements) {
    const targets = webhooks.filter((webhook) => webhook.events.includes(announcement.event))
    if (targets.length === 0) continue
    const included = await notificationBody(stores, accountId, announcement.reference)
    if (!included) continue
    for (const webhook of targets) {
      const id = newId()
      rows.push({
        id,
        account_id: accountId,
        webhook_id: webhook.id,
        event: announcement.event,
        reference_type: announcement.reference.type,
        reference_id: announcement.reference.id,
        payload: JSON.stringify(
          webhookNotificationDocument(
            { id, event: announcement.event, webhookId: webhook.id, createdAt: now },
            announcement.reference,
            included,
          ),
        ),
        created_at: now,
        next_attempt_at: now,
      })
    }
  }
  await stores.outbox.enqueue(rows)
  return rows.length
}
