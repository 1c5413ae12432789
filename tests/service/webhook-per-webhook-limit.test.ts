import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks } from '../../src/server/storage/schema'
import { createDispatcher } from '../../src/server/webhooks/dispatcher'
import { parseAllowlist } from '../../src/server/webhooks/url-safety'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, type Service, startService } from './harness'

const PER_WEBHOOK = 4

describe.each(DATABASE_KINDS)('the per-webhook limit on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 2 })
  })
  afterAll(async () => service?.stop())

  it('lets as many deliveries to one webhook go at once as the limit says, from one claim', async () => {
    const created = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: { url: 'https://hooks.example.com/limit', events: ['container.updated'] },
        },
      }),
    })
    expect(created.status).toBe(201)
    const webhookId = (created.body as { data: { id: string } }).data.id
    const [{ account_id }] = await service.storage.db
      .select({ account_id: webhooks.account_id })
      .from(webhooks)
      .where(eq(webhooks.id, webhookId))
    const ids = Array.from({ length: PER_WEBHOOK }, () => randomUUID())
    await service.storage.outbox.enqueue(
      ids.map((id) => ({
        id,
        account_id,
        webhook_id: webhookId,
        event: 'container.updated',
        reference_type: 'container',
        reference_id: randomUUID(),
        payload: JSON.stringify({ data: { id, type: 'webhook_notification' } }),
        next_attempt_at: NOW,
      })),
    )

    // each request is told which claim started it; the receiver answers once all have arrived together
    let claims = 0
    const released: string[] = []
    const storage = {
      ...service.storage,
      outbox: {
        ...service.storage.outbox,
        claimDue: async (request: Parameters<typeof service.storage.outbox.claimDue>[0]) => {
          claims++
          return service.storage.outbox.claimDue(request)
        },
        release: async (notificationIds: string[]) => {
          released.push(...notificationIds)
          return service.storage.outbox.release(notificationIds)
        },
      },
    }
    const arrivals: number[] = []
    let allArrived: () => void = () => undefined
    const together = new Promise<void>((resolve) => {
      allArrived = resolve
    })
    const receiver = (async () => {
      arrivals.push(claims)
      if (arrivals.length === PER_WEBHOOK) allArrived()
      await together
      return new Response('ok', { status: 200 })
    }) as typeof fetch
    const dispatcher = createDispatcher({
      storage,
      clock: service.clock,
      wallClock: service.wallClock,
      fetch: receiver,
      random: () => 0.5,
      allowlist: parseAllowlist([]),
      perWebhook: PER_WEBHOOK,
      idleWaitMs: 20,
      log: () => undefined,
    })
    await dispatcher.drain()

    expect(arrivals).toEqual(Array(PER_WEBHOOK).fill(1))
    expect(released).toEqual([])
  })
})
