import type { Stores } from '../storage/storage'
import type { Random } from '../tracking/seeded-random'
import { notificationBody, webhookNotificationDocument } from '../webhooks/notify'

export async function seedWebhooks(
  storage: Stores,
  accountId: string,
  trackingRequestIds: string[],
  now: Date,
  random: Random,
) {
  const active = await storage.webhooks.create({
    account_id: accountId,
    url: 'https://hooks.harborfreight.example/quayside',
    active: false,
    events: [
      'tracking_request.succeeded',
      'tracking_request.failed',
      'container.transport.vessel_discharged',
      'container.pickup_lfd.changed',
    ],
    secret: random.uuid().replaceAll('-', ''),
    headers: [{ name: 'X-Team', value: 'imports' }],
  })
  await storage.webhooks.create({
    account_id: accountId,
    url: 'https://ops.harborfreight.example/alerts',
    active: false,
    events: ['container.transport.available'],
    secret: random.uuid().replaceAll('-', ''),
  })
  for (const [index, trackingRequestId] of trackingRequestIds.slice(0, 6).entries()) {
    const createdAt = new Date(now.getTime() - (index + 1) * 5 * 3_600_000)
    const failed = index % 3 === 2
    const id = random.uuid()
    const reference = { type: 'tracking_request', id: trackingRequestId }
    const included = (await notificationBody(storage, accountId, reference)) ?? []
    const notification = await storage.webhooks.createNotification({
      id,
      account_id: accountId,
      webhook_id: active.id,
      event: 'tracking_request.succeeded',
      reference_type: 'tracking_request',
      reference_id: trackingRequestId,
      payload: JSON.stringify(
        webhookNotificationDocument(
          { id, event: 'tracking_request.succeeded', webhookId: active.id, createdAt },
          reference,
          included,
        ),
      ),
      delivery_status: failed ? 'failed' : 'succeeded',
      attempts: failed ? 13 : 1,
      created_at: createdAt,
      next_attempt_at: createdAt,
      delivered_at: failed ? null : new Date(createdAt.getTime() + 900),
    })
    const attempts = failed ? 3 : 1
    await storage.demo.insert(
      'webhookDeliveryAttempts',
      Array.from({ length: attempts }, (_, i) => ({
        notification_id: notification.id,
        status_code: failed ? 503 : 200,
        duration_ms: random.int(80, 900),
        response_excerpt: failed ? 'Service Unavailable' : 'ok',
        error: failed ? 'HTTP 503' : null,
        attempted_at: new Date(createdAt.getTime() + i * 60_000 + 500),
      })),
    )
  }
}
