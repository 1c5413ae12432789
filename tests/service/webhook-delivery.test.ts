import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WebhookTriggerResultSchema } from '../../src/contract/webhook-trigger'
import { WebhookDocumentSchema, WebhookNotificationDocumentSchema } from '../../src/contract/webhooks'
import type { createTrackingEngine } from '../../src/server/tracking/engine'
import { MAX_RETRIES } from '../../src/server/webhooks/backoff'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import { DATABASE_KINDS } from '../support/databases'
import { startReceiver } from '../support/webhook-receiver'
import { parsed, type Service, startService } from './harness'

const HOUR = 3_600_000

describe.each(DATABASE_KINDS)('webhook delivery on %s', (kind) => {
  let service: Service
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let answers: Record<string, { status: number; delayMs?: number; headers?: Record<string, string> }>
  let engine: ReturnType<typeof createTrackingEngine>

  beforeAll(async () => {
    service = await startService(kind, { shipments: 2, webhookAllowlist: ['127.0.0.0/8'] })
    receiver = await startReceiver((path) => answers[path] ?? { status: 200 })
    engine = service.engine({ newId: randomUUID, log: () => undefined })
  })
  afterAll(async () => {
    await receiver?.stop()
    await service?.stop()
  })
  beforeEach(async () => {
    answers = {}
    receiver.received.length = 0
    for (const webhook of (await service.get('/v2/webhooks?page[size]=100')).body.data)
      await service.call('DELETE', `/v2/webhooks/${webhook.id}`)
  })

  const dispatcher = (options: { allowlist?: string[]; timeoutMs?: number } = {}) =>
    service.dispatcher({
      fetch: pinnedFetch(
        createAddressGuard({ allowlist: parseAllowlist(options.allowlist ?? ['127.0.0.0/8']) }),
      ),
      random: () => 1,
      allowlist: parseAllowlist(options.allowlist ?? ['127.0.0.0/8']),
      timeoutMs: options.timeoutMs,
      log: () => undefined,
    })

  const createWebhook = async (path: string, events = ['tracking_request.failed']) => {
    const response = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { url: receiver.url(path), events } } }),
    })
    expect(response.status).toBe(201)
    return parsed(WebhookDocumentSchema, response.body).data
  }

  /** A failed tracking request: one `tracking_request.failed` notification for each subscribed webhook. */
  const causeNotification = async () => {
    await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: `TEST-TR-FAILED-${randomUUID().slice(0, 8)}`,
            scac: 'TEST',
          },
        },
      }),
    })
    service.advance(2 * 60_000)
    await engine.tick()
  }

  const notificationsOf = async (webhookId: string) =>
    (
      await service.get('/v2/webhook_notifications?page[size]=100&include=webhook_notification_logs')
    ).body.data.filter(
      (n: { relationships: { webhook: { data: { id: string } } } }) =>
        n.relationships.webhook.data.id === webhookId,
    )

  it('retries a failing endpoint with backoff up to 12 times, then marks it failed, while others get theirs at once', async () => {
    const failing = await createWebhook('/down')
    const healthy = await createWebhook('/up')
    answers['/down'] = { status: 503 }
    await causeNotification()
    const deliveries = dispatcher()
    await deliveries.drain()
    expect(receiver.received.filter((r) => r.path === '/up')).toHaveLength(1)
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(1)
    const [pending] = await notificationsOf(failing.id)
    expect(pending.attributes).toMatchObject({ delivery_status: 'pending', attempts: 1 })

    let waitedMs = 0
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      const delay = Math.min(15_000 * 2 ** (retry - 1), 6 * HOUR)
      service.advance(delay - 1_000)
      await deliveries.drain()
      expect(
        receiver.received.filter((r) => r.path === '/down'),
        `not before retry ${retry} is due`,
      ).toHaveLength(retry)
      service.advance(1_000)
      waitedMs += delay
      await deliveries.drain()
      expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(retry + 1)
    }
    service.advance(7 * HOUR)
    await deliveries.drain()
    const down = receiver.received.filter((r) => r.path === '/down')
    expect(down).toHaveLength(MAX_RETRIES + 1)
    expect(new Set(down.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(waitedMs).toBeGreaterThan(12 * HOUR)
    const [failed] = await notificationsOf(failing.id)
    expect(failed.attributes).toMatchObject({ delivery_status: 'failed', attempts: MAX_RETRIES + 1 })
    const [delivered] = await notificationsOf(healthy.id)
    expect(delivered.attributes).toMatchObject({ delivery_status: 'succeeded', attempts: 1 })
    const logs = (
      await service.get(`/v2/webhook_notifications/${failed.id}?include=webhook_notification_logs`)
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
      answers[path] = { status }
      await createWebhook(path)
    }
    const moved = await createWebhook('/moved')
    answers['/moved'] = { status: 302, headers: { Location: receiver.url('/elsewhere') } }
    await causeNotification()
    await dispatcher().drain()
    const statuses = (await service.get('/v2/webhook_notifications?page[size]=100')).body.data.map(
      (n: { attributes: { delivery_status: string } }) => n.attributes.delivery_status,
    )
    expect(statuses.filter((s: string) => s === 'succeeded')).toHaveLength(4)
    expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false)
    const [redirected] = await notificationsOf(moved.id)
    expect(redirected.attributes.delivery_status).toBe('pending')
    const log = (
      await service.get(`/v2/webhook_notifications/${redirected.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes).toMatchObject({ status_code: 302 })
    expect(log.attributes.error).toMatch(/^Redirect to .*\/elsewhere not followed$/)
  })

  it('gives up on an endpoint that does not answer in time and retries it later', async () => {
    const slow = await createWebhook('/slow')
    answers['/slow'] = { status: 200, delayMs: 2_000 }
    await causeNotification()
    await dispatcher({ timeoutMs: 200 }).drain()
    const [notification] = await notificationsOf(slow.id)
    expect(notification.attributes).toMatchObject({ delivery_status: 'pending', attempts: 1 })
    const log = (
      await service.get(`/v2/webhook_notifications/${notification.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes).toMatchObject({ status_code: null, error: 'No answer within 0.2 s' })
  })

  it('refuses at delivery an address that is private unless the allowlist permits it', async () => {
    const hook = await createWebhook('/private')
    await causeNotification()
    await dispatcher({ allowlist: [] }).drain()
    expect(receiver.received).toHaveLength(0)
    const [notification] = await notificationsOf(hook.id)
    const log = (
      await service.get(`/v2/webhook_notifications/${notification.id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes.error).toMatch(
      /points to (this server's own address|a private or internal address)/,
    )
  })

  it('does not send to a webhook deactivated after the notification was written', async () => {
    const hook = await createWebhook('/paused')
    await causeNotification()
    await service.call('PATCH', `/v2/webhooks/${hook.id}`, {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { active: false } } }),
    })
    await dispatcher().drain()
    expect(receiver.received).toHaveLength(0)
    const [notification] = await notificationsOf(hook.id)
    expect(notification.attributes.delivery_status).toBe('failed')
  })

  it('sends a signed test notification on demand and reports what the endpoint answered', async () => {
    answers['/test'] = { status: 202 }
    const response = await service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({
        url: receiver.url('/test'),
        event: 'tracking_request.succeeded',
        secret: 's3cret',
      }),
    })
    expect(response.status).toBe(200)
    const result = WebhookTriggerResultSchema.parse(response.body)
    expect(result).toMatchObject({ succeeded: true, status_code: 202, error: null })
    const [sent] = receiver.received
    expect(sent.body).toBe(result.request_body)
    expect(sent.headers['x-t49-webhook-signature']).toBe(
      createHmac('sha256', 's3cret').update(sent.body).digest('hex'),
    )
    const document = parsed(WebhookNotificationDocumentSchema, sent.json)
    expect(document.data.attributes.event).toBe('tracking_request.succeeded')

    const refused = await service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({ url: 'http://169.254.169.254/latest', event: 'tracking_request.succeeded' }),
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors[0].source.pointer).toBe('/url')
    const unknown = await service.call('POST', '/v2/webhooks/trigger', {
      body: JSON.stringify({ url: receiver.url('/test'), event: 'container.exploded' }),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors[0].source.pointer).toBe('/event')
  })
})
