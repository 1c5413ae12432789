/**
 * npm run bench:webhooks [-- --notifications 20000 --webhooks 20]
 * Measures signed webhook deliveries a second from the outbox to a receiver in its own process on
 * loopback, on PostgreSQL (provisioned here, or BENCH_DATABASE_URL), with 10% of the endpoints
 * failing. A second phase keeps retries to the failing endpoints coming due all the time and shows
 * that fresh notifications are still delivered at full speed. Every loop is bounded.
 */
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { scaledClock, systemClock } from '../../src/server/clock'
import { seedDemo } from '../../src/server/demo/seed'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { createDispatcher } from '../../src/server/webhooks/dispatcher'
import { notificationBody, webhookNotificationDocument } from '../../src/server/webhooks/notify'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import { startPostgres } from '../support/postgres'
import { benchBlobs } from './bench-blobs'

const { values } = parseArgs({
  options: {
    notifications: { type: 'string', default: '20000' },
    webhooks: { type: 'string', default: '20' },
  },
})
const NOTIFICATIONS = Number(values.notifications)
const WEBHOOKS = Number(values.webhooks)
const FAILING = Math.max(1, Math.round(WEBHOOKS / 10))
const KEY = 'bench-webhooks-key-0000'

type Counts = { received: number; failedAnswers: number }

async function startReceiver() {
  const child = fork(new URL('./webhook-receiver.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  })
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message) => resolve((message as { port: number }).port)),
  )
  const counts = () =>
    new Promise<Counts>((resolve) => {
      child.once('message', (message) => resolve(message as Counts))
      child.send('count')
    })
  return { port, counts, stop: () => child.send('stop') }
}

async function run(database: Database) {
  let clock = systemClock
  const storage = createStorage(database, clock, benchBlobs())
  await seedDemo(storage, { shipments: 5, now: clock.now(), apiKey: KEY, secondAccountShipments: 1 })
  const caller = await storage.apiKeys.authenticate(KEY)
  if (!caller) throw new Error('The benchmark account was not seeded')
  const accountId = caller.accountId
  const receiver = await startReceiver()
  const webhooks: Awaited<ReturnType<typeof storage.webhooks.create>>[] = []
  for (let i = 0; i < WEBHOOKS; i++)
    webhooks.push(
      await storage.webhooks.create({
        account_id: accountId,
        url: `http://127.0.0.1:${receiver.port}/${i < FAILING ? 'fail' : 'ok'}/${i}`,
        events: ['container.transport.vessel_discharged'],
        secret: randomUUID(),
        headers: [{ name: 'X-Bench', value: String(i) }],
      }),
    )
  const reference = await storage.events.latestReferenceFor(
    accountId,
    'container.transport.vessel_discharged',
  )
  if (!reference) throw new Error('The demo has no transport event to send')
  const included = (await notificationBody(storage, accountId, reference)) ?? []

  const enqueue = async (count: number, to: typeof webhooks, attempts = 0) => {
    const now = clock.now()
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
        const webhook = to[(start + i) % to.length]
        const id = randomUUID()
        return {
          id,
          account_id: accountId,
          webhook_id: webhook.id,
          event: 'container.transport.vessel_discharged',
          reference_type: reference.type,
          reference_id: reference.id,
          payload: JSON.stringify(
            webhookNotificationDocument(
              { id, event: 'container.transport.vessel_discharged', webhookId: webhook.id, createdAt: now },
              reference,
              included,
            ),
          ),
          attempts,
          created_at: now,
          next_attempt_at: now,
        }
      })
      await storage.outbox.enqueue(rows)
    }
  }
  const dispatcherOn = (serviceClock: typeof clock) =>
    createDispatcher({
      storage,
      clock: serviceClock,
      wallClock: systemClock,
      // the transport that ships: each connection only to an address checked as it is made
      fetch: pinnedFetch(createAddressGuard({ allowlist: parseAllowlist(['127.0.0.0/8']) })),
      random: Math.random,
      allowlist: parseAllowlist(['127.0.0.0/8']),
      idleWaitMs: 50,
      log: (message) => console.error(message),
    })
  const payloadBytes = JSON.stringify(
    webhookNotificationDocument(
      { id: randomUUID(), event: 'x', webhookId: randomUUID(), createdAt: new Date() },
      reference,
      included,
    ),
  ).length

  // phase 1: a backlog to every endpoint, a tenth of which answer 500
  await enqueue(NOTIFICATIONS, webhooks)
  const healthy = webhooks.slice(FAILING)
  const expectedHealthy = Math.round((NOTIFICATIONS * healthy.length) / webhooks.length)
  let dispatcher = dispatcherOn(clock)
  dispatcher.start()
  const started = performance.now()
  let counts = await receiver.counts()
  for (
    let waited = 0;
    counts.received - counts.failedAnswers < expectedHealthy && waited < 600_000;
    waited += 100
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    counts = await receiver.counts()
  }
  const seconds = (performance.now() - started) / 1000
  const phase1 = {
    phase: '1: backlog, 10% of endpoints failing',
    'delivered (2xx)': counts.received - counts.failedAnswers,
    'failed attempts (500)': counts.failedAnswers,
    seconds: seconds.toFixed(1),
    'signed deliveries/s': Math.round(counts.received / seconds),
    'successful/s': Math.round((counts.received - counts.failedAnswers) / seconds),
  }

  // phase 2: retries to the failing endpoints fall due continuously (the clock runs 60x) while fresh work arrives
  await dispatcher.stop()
  clock = scaledClock(60)
  dispatcher = dispatcherOn(clock)
  await enqueue(NOTIFICATIONS / 2, webhooks.slice(0, FAILING), 1)
  dispatcher.start()
  const before = await receiver.counts()
  const fresh = NOTIFICATIONS / 2
  const freshStarted = performance.now()
  await enqueue(fresh, healthy)
  let now2 = await receiver.counts()
  for (
    let waited = 0;
    now2.received - now2.failedAnswers - (before.received - before.failedAnswers) < fresh && waited < 600_000;
    waited += 100
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    now2 = await receiver.counts()
  }
  const freshSeconds = (performance.now() - freshStarted) / 1000
  const phase2 = {
    phase: '2: fresh work while retries keep falling due',
    'delivered (2xx)': now2.received - now2.failedAnswers - (before.received - before.failedAnswers),
    'failed attempts (500)': now2.failedAnswers - before.failedAnswers,
    seconds: freshSeconds.toFixed(1),
    'signed deliveries/s': Math.round((now2.received - before.received) / freshSeconds),
    'successful/s': Math.round(fresh / freshSeconds),
  }
  await dispatcher.stop()
  receiver.stop()
  console.log(`${WEBHOOKS} webhooks (${FAILING} failing), payload ${payloadBytes} bytes, ${database.kind}`)
  console.table([phase1, phase2])
  await database.close()
}

const postgres = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres()
try {
  await run(await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? postgres!.url }))
} finally {
  postgres?.stop()
}
