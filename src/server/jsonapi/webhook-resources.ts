import { iso } from '../storage/iso-time'
import type { DeliveryAttempt, Webhook, WebhookNotification } from '../storage/webhook-store'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

export const webhookResource: ResourceDefinition<Webhook> = {
  type: 'webhook',
  self: (row) => `/v2/webhooks/${row.id}`,
  // a key that may not manage webhooks may not read the signing secret either
  attributes: (row, context) => ({
    url: row.url,
    active: row.active,
    events: row.events,
    ...(context.scope === 'write' ? { secret: row.secret } : {}),
    headers: row.headers,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.webhooks.byIds(ctx.accountId, ids),
}

const REFERENCE_TYPES = [
  'tracking_request',
  'transport_event',
  'estimated_event',
  'container_created_event',
  'container_updated_event',
  'container_pod_terminal_changed_event',
]

export const webhookNotificationResource: ResourceDefinition<WebhookNotification> = {
  type: 'webhook_notification',
  self: (row) => `/v2/webhook_notifications/${row.id}`,
  attributes: (row) => ({
    id: row.id,
    event: row.event,
    delivery_status: row.delivery_status,
    attempts: row.attempts,
    created_at: iso(row.created_at),
    next_attempt_at: row.delivery_status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
    last_status_code: row.last_status_code,
    last_duration_ms: row.last_duration_ms,
    last_error: row.last_error,
  }),
  relationships: {
    webhook: { kind: 'one', target: 'webhook', key: (row) => row.webhook_id },
    reference_object: {
      kind: 'one',
      target: REFERENCE_TYPES,
      key: (row) => ({ type: row.reference_type, id: row.reference_id }),
    },
    webhook_notification_logs: {
      kind: 'many',
      target: 'webhook_notification_log',
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.webhooks.attemptsByNotificationIds(rows.map((r) => r.id)),
          (a) => a.notification_id,
        ),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.webhooks.notificationsByIds(ctx.accountId, ids),
}

export const deliveryAttemptResource: ResourceDefinition<DeliveryAttempt> = {
  type: 'webhook_notification_log',
  attributes: (row) => ({
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    response_excerpt: row.response_excerpt,
    error: row.error,
    request_headers: row.request_headers,
    attempted_at: iso(row.attempted_at),
  }),
  relationships: {},
  loadByIds: async () => [],
}
