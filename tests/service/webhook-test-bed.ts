import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { WebhookDocumentSchema } from '../../src/contract/webhooks'
import type { createTrackingEngine } from '../../src/server/tracking/engine'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import type { DatabaseKind } from '../support/databases'
import { startReceiver } from '../support/webhook-receiver'
import { parsed, type Service, startService } from './harness'

type Answer = { status: number; delayMs?: number; headers?: Record<string, string> }

/**
 * The service, a real receiver on loopback and the tracking engine, for a `describe` block: every test
 * starts with no webhooks and an empty receiver. `answers` decides what the receiver says per path.
 */
export function webhookTestBed(kind: DatabaseKind, options: { serviceAheadMs?: number } = {}) {
  const bed = {
    service: undefined as unknown as Service,
    receiver: undefined as unknown as Awaited<ReturnType<typeof startReceiver>>,
    engine: undefined as unknown as ReturnType<typeof createTrackingEngine>,
    answers: {} as Record<string, Answer>,
  }
  beforeAll(async () => {
    bed.service = await startService(kind, {
      shipments: 2,
      webhookAllowlist: ['127.0.0.0/8'],
      serviceAheadMs: options.serviceAheadMs,
    })
    bed.receiver = await startReceiver((path) => bed.answers[path] ?? { status: 200 })
    // wired to the service's response cache, as main.ts wires it
    bed.engine = bed.service.engine({ newId: randomUUID, log: () => undefined })
  })
  afterAll(async () => {
    await bed.receiver?.stop()
    await bed.service?.stop()
  })
  beforeEach(async () => {
    bed.answers = {}
    bed.receiver.received.length = 0
    for (const webhook of (await bed.service.get('/v2/webhooks?page[size]=100')).body.data)
      await bed.service.call('DELETE', `/v2/webhooks/${webhook.id}`)
  })

  const dispatcher = (options: { allowlist?: string[]; timeoutMs?: number; disableAfterMs?: number } = {}) =>
    bed.service.dispatcher({
      fetch: pinnedFetch(
        createAddressGuard({ allowlist: parseAllowlist(options.allowlist ?? ['127.0.0.0/8']) }),
      ),
      random: () => 1,
      allowlist: parseAllowlist(options.allowlist ?? ['127.0.0.0/8']),
      timeoutMs: options.timeoutMs,
      disableAfterMs: options.disableAfterMs,
      log: () => undefined,
    })

  /** A webhook to `url` (a receiver path, or a whole URL). */
  const createWebhook = async (url: string, events = ['tracking_request.failed']) => {
    const target = url.startsWith('/') ? bed.receiver.url(url) : url
    const response = await bed.service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { url: target, events } } }),
    })
    expect(response.status).toBe(201)
    return parsed(WebhookDocumentSchema, response.body).data
  }

  /** A failed tracking request: one `tracking_request.failed` notification for each subscribed webhook. */
  const causeNotification = async () => {
    await bed.service.call('POST', '/v2/tracking_requests', {
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
    bed.service.advance(2 * 60_000)
    await bed.engine.tick()
  }

  return { bed, dispatcher, createWebhook, causeNotification }
}
