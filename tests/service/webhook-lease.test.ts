import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryResult } from '../../src/server/storage/outbox-store'
import { webhookDeliveryAttempts, webhooks } from '../../src/server/storage/schema'
import { createDispatcher } from '../../src/server/webhooks/dispatcher'
import { parseAllowlist } from '../../src/server/webhooks/url-safety'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, type Service, startService } from './harness'

const NOTIFICATIONS = 6
const LEASE_SECONDS = 1

describe.each(DATABASE_KINDS)('a webhook delivery slower than its lease on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 2 })
  })
  afterAll(async () => service?.stop())

  it('is not sent again by another dispatcher while the one that sent it waits to record it', async () => {
    const created = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: { url: 'https://hooks.example.com/in', events: ['container.updated'] },
        },
      }),
    })
    expect(created.status).toBe(201)
    const webhook = (created.body as { data: { id: string } }).data
    const [{ account_id }] = await service.storage.db
      .select({ account_id: webhooks.account_id })
      .from(webhooks)
      .where(eq(webhooks.id, webhook.id))
    const ids = Array.from({ length: NOTIFICATIONS }, () => randomUUID())
    await service.storage.outbox.enqueue(
      ids.map((id) => ({
        id,
        account_id,
        webhook_id: webhook.id,
        event: 'container.updated',
        reference_type: 'container',
        reference_id: randomUUID(),
        payload: JSON.stringify({ data: { id, type: 'webhook_notification' } }),
        next_attempt_at: NOW,
      })),
    )

    const sent: string[] = []
    const receiver = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)).data.id)
      return new Response('ok', { status: 200 })
    }) as typeof fetch
    // the first dispatcher's results wait to be written (a loaded database) for longer than a lease
    let recordable: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      recordable = resolve
    })
    const slowStorage = {
      ...service.storage,
      outbox: {
        ...service.storage.outbox,
        record: async (results: DeliveryResult[], health: { now: Date; disableAfterMs: number }) => {
          await held
          return service.storage.outbox.record(results, health)
        },
      },
    }
    const dispatcherOn = (storage: typeof service.storage) =>
      createDispatcher({
        storage,
        clock: { now: () => NOW },
        wallClock: { now: () => NOW },
        fetch: receiver,
        random: () => 0.5,
        allowlist: parseAllowlist([]),
        leaseSeconds: LEASE_SECONDS,
        idleWaitMs: 20,
        log: () => undefined,
      })
    const first = dispatcherOn(slowStorage)
    const firstDone = first.drain()
    await expect.poll(() => sent.length).toBe(NOTIFICATIONS)

    await new Promise((resolve) => setTimeout(resolve, 2.5 * LEASE_SECONDS * 1000))
    await dispatcherOn(service.storage).drain()
    recordable()
    await firstDone

    expect(sent.sort()).toEqual([...ids].sort())
    const attempts = await service.storage.db
      .select({ id: webhookDeliveryAttempts.notification_id, status: webhookDeliveryAttempts.status_code })
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.notification_id, ids))
    expect(attempts.map((a) => a.id).sort()).toEqual([...ids].sort())
    expect(attempts.every((a) => a.status === 200)).toBe(true)
  })
})
