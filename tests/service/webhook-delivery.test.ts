import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { WebhookTriggerResultSchema } from '../../src/contract/webhook-trigger'
import { WebhookNotificationDocumentSchema } from '../../src/contract/webhooks'
import { MAX_RETRIES } from '../../src/server/webhooks/backoff'
import { DATABASE_KINDS } from '../support/databases'
import { parsed } from './harness'
import { webhookTestBed } from './webhook-test-bed'

const HOUR = 3_600_000

describe.each(DATABASE_KINDS)('webhook delivery on %s', (kind) => {
  const { bed, dispatcher, createWebhook, causeNotification } = webhookTestBed(kind)

  const notificationsOf = async (webhookId: string) =>
    (
      await bed.service.get('/v2/webhook_notifications?page[size]=100&include=webhook_notification_logs')
    ).body.data.filter(
      (n: { relationships: { webhook: { data: { id: string } } } }) =>
        n.relationships.webhook.data.id === webhookId,
    )

  it('retries a failing endpoint with backoff up to 12 times, then marks it failed, while others get theirs at once', async () => {
    const failing = await createWebhook('/down')
    const healthy = await createWebhook('/up')
    bed.answers['/down'] = { status: 503 }
    await causeNotification()
    const deliveries = dispatcher()
    await deliveries.drain()
    expect(bed.receiver.received.filter((r) => r.path === '/up')).toHaveLength(1)
    expect(bed.receiver.received.filter((r) => r.path === '/down')).toHaveLength(1)
    const [pending] = await notificationsOf(failing.id)
    expect(pending.attributes).toMatchObject({ delivery_status: 'pending', attempts: 1 })

    let waitedMs = 0
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      const delay = Math.min(15_000 * 2 ** (retry - 1), 6 * HOUR)
      bed.service.advance(delay - 1_000)
      await deliveries.drain()
      expect(
        bed.receiver.received.filter((r) => r.path === '/down'),
        `not before retry ${retry} is due`,
      ).toHaveLength(retry)
      bed.service.advance(1_000)
      waitedMs += delay
      await deliveries.drain()
      expect(bed.receiver.received.filter((r) => r.path === '/down')).toHaveLength(retry + 1)
    }
    bed.service.advance(7 * HOUR)
    await deliveries.drain()
    const down = bed.receiver.received.filter((r) => r.path === '/down')
    expect(down).toHaveLength(MAX_RETRIES + 1)
    expect(new Set(down.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(waitedMs).toBeGreaterThan(12 * HOUR)
    const [failed] = await notificationsOf(failing.id)
    expect(failed.attributes).toMatchObject({ delivery_status: 'failed', attempts: MAX_RETRIES + 1 })
    const [delivered] = await notificationsOf(healthy.id)
    expect(delivered.attributes).toMatchObject({ delivery_status: 'succeeded', attempts: 1 })
    const logs = (
      await bed.service.get(`/v2/webhook_notifications/${failed.id}?include=webhook_notification_logs`)
    ).body.included
    expect(logs).toHaveLength(MAX_RETRIES + 1)
    expect(logs[0].attributes).toMatchObject({
      status_code: 503,
      error: 'HTTP 503',
      response_excerpt: 'not ok',
    })
  })

  it('counts 200, 201, 202 and 204 as delivered and does not follow a redirect', async () => {
    for (const [path, status] of [
      ['/200', 200],
      ['/201', 201],
      ['/202', 202],
      ['/204', 204],
    ] as const) {
      bed.answers[path] = { status }
      await createWebhook(path)
    }
    const moved = await createWebhook('/moved')
    bed.answers['/moved'] = { status: 302, headers: { Location: bed.receiver.url('/elsewhere') } }
    await causeNotification()
    await dispatcher().drain()
    const statuses = (await bed.service.get('/v2/webhook_notifications?page[size]=100')).body.data.map(
      (n: { attributes: { delivery_status: string } }) => n.attributes.delivery_status,
    )
    expect(statuses.filter((s: string) => s === 'succeeded')).toHaveLength(4)
    expect(bed.receiver.received.some((r) => r.path === '/elsewhere')).toBe(false)
    const [redirected] = await notificationsOf(moved.id)
    expect(redirected.attributes.delivery_status).toBe('pending')
    const log = (
      await bed.service.get(`/v2/webhook_notifications/${redirected.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes).toMatchObject({ status_code: 302 })
    expect(log.attributes.error).toMatch(/^Redirect to .*\/elsewhere not followed$/)
  })

  it('gives up on an endpoint that does not answer in time and retries it later', async () => {
    const slow = await createWebhook('/slow')
    bed.answers['/slow'] = { status: 200, delayMs: 2_000 }
    await causeNotification()
    await dispatcher({ timeoutMs: 200 }).drain()
    const [notification] = await notificationsOf(slow.id)
    expect(notification.attributes).toMatchObject({ delivery_status: 'pending', attempts: 1 })
    const log = (
      await bed.service.get(`/v2/webhook_notifications/${notification.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes).toMatchObject({ status_code: null, error: 'No answer within 0.2 s' })
  })

  it('refuses at delivery an address that is private unless the allowlist permits it', async () => {
    const hook = await createWebhook('/private')
    await causeNotification()
    await dispatcher({ allowlist: [] }).drain()
    expect(bed.receiver.received).toHaveLength(0)
    const [notification] = await notificationsOf(hook.id)
    const log = (
      await bed.service.get(`/v2/webhook_notifications/${notification.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes.error).toMatch(
      /points to (this server's own address|a private or internal address)/,
    )
  })

  it('does not send to a webhook deactivated after the notification was written', async () => {
    const hook = await createWebhook('/paused')
    await causeNotification()
    await bed.service.call('PATCH', `/v2/webhooks/${hook.id}`, {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { active: false } } }),
    })
    await dispatcher().drain()
    expect(bed.receiver.received).toHaveLength(0)
    const [notification] = await notificationsOf(hook.id)
    expect(notification.attributes.delivery_status).toBe('failed')
  })

  it('sends a signed test notification on demand and reports what the endpoint answered', async () => {
    bed.answers['/test'] = { status: 202 }
    const response = await bed.service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({
        url: bed.receiver.url('/test'),
        event: 'tracking_request.succeeded',
        secret: 's3cret',
      }),
    })
    expect(response.status).toBe(200)
    const result = WebhookTriggerResultSchema.parse(response.body)
    expect(result).toMatchObject({ succeeded: true, status_code: 202, error: null })
    const [sent] = bed.receiver.received
    expect(sent.body).toBe(result.request_body)
    expect(sent.headers['x-t49-webhook-signature']).toBe(
      createHmac('sha256', 's3cret').update(sent.body).digest('hex'),
    )
    const document = parsed(WebhookNotificationDocumentSchema, sent.json)
    expect(document.data.attributes.event).toBe('tracking_request.succeeded')
    // no webhook of the account sent it, so none is named (it used to carry the notification's own id)
    expect(document.data.relationships?.webhook?.data).toBeNull()

    const refused = await bed.service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({ url: 'http://169.254.169.254/latest', event: 'tracking_request.succeeded' }),
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors[0].source.pointer).toBe('/url')
    const unknown = await bed.service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({ url: bed.receiver.url('/test'), event: 'container.exploded' }),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors[0].source.pointer).toBe('/event')
  })
})
