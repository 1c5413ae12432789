/**
 * npm run bench:scale [-- --notifications 20000 --webhooks 20 --port 3271 --shipments 2000 --duration 10]
 * On one PostgreSQL (provisioned here, or BENCH_DATABASE_URL), with the processes `npm start` runs:
 * 1. webhook deliveries a second with 1, 2 and 3 worker processes (ROLE=worker), which share the outbox
 *    through FOR UPDATE SKIP LOCKED leases: each round writes `notifications` to the outbox and times the
 *    workers until every one is delivered to a receiver in its own process on loopback;
 * 2. 1, 2 and 3 API processes (ROLE=api) beside one worker: the board (every tab counted) and the list,
 *    rendered afresh (`Cache-Control: no-cache`) at 50 connections split over the processes (as a
 *    round-robin balancer would), requests a second summed and the worst p99; then deliveries a second of
 *    `notifications` by the one worker while the list is under the same load.
 * One ROLE=api process seeds `shipments` demo shipments and takes the webhooks. Build first
 * (`npm run build`). Every loop is bounded.
 */
import { fork } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startPostgres } from '../support/postgres'
import { loadFromOwnProcess } from './load-process'
import { startShippedServer } from './shipped-server'

const { values } = parseArgs({
  options: {
    notifications: { type: 'string', default: '20000' },
    webhooks: { type: 'string', default: '20' },
    port: { type: 'string', default: '3271' },
    shipments: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '10' },
  },
})
const NOTIFICATIONS = Number(values.notifications)
const WEBHOOKS = Number(values.webhooks)
const KEY = 'bench-scale-key-000000'

async function startReceiver() {
  const child = fork(new URL('./webhook-receiver.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  })
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message) => resolve((message as { port: number }).port)),
  )
  return { port, stop: () => child.send('stop') }
}

const DURATION = values.duration
const CONNECTIONS = 50

async function enqueue(client: pg.Client, webhookIds: string[]) {
  await client.query(
    `insert into webhook_notifications (account_id, webhook_id, event, reference_type, reference_id, payload)
     select w.account_id, w.id, 'container.pickup_lfd.changed', 'container', gen_random_uuid(),
            json_build_object('data', json_build_object('type', 'webhook_notification', 'n', i))::text
     from generate_series(1, $1) i join webhooks w on w.id = ($2::uuid[])[1 + i % $3]`,
    [NOTIFICATIONS, webhookIds, WEBHOOKS],
  )
}

/** Waits (10 minutes at most) until no notification is pending. */
async function drained(client: pg.Client) {
  for (let waited = 0; ; waited++) {
    const { rows: left } = await client.query<{ n: number }>(
      `select count(*)::int as n from webhook_notifications where delivery_status = 'pending'`,
    )
    if (left[0].n === 0) return
    if (waited > 6_000) throw new Error(`${left[0].n} notifications still pending after 10 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const load = (url: string, connections: number) =>
  loadFromOwnProcess(url, String(connections), DURATION, {
    Authorization: `Token ${KEY}`,
    'Cache-Control': 'no-cache',
  })

/** 50 connections split over the API processes, as a round-robin balancer would: summed, worst p99. */
async function spread(ports: number[], path: string) {
  const results = await Promise.all(
    ports.map((port, i) =>
      load(
        `http://127.0.0.1:${port}${path}`,
        Math.floor(CONNECTIONS / ports.length) + (i < CONNECTIONS % ports.length ? 1 : 0),
      ),
    ),
  )
  return {
    rps: results.reduce((sum, result) => sum + result.rps, 0),
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  }
}

const BOARD = '/v2/containers?counts=tabs&include=shipment,pod_terminal&page[size]=50'
const LIST = '/v2/shipments?include=containers&page[size]=25'

/** 1, 2 and 3 API processes (the first is the seeding one) beside one worker. */
async function apiRounds(client: pg.Client, webhookIds: string[]) {
  const worker = await startShippedServer({ ...env, ROLE: 'worker' }, 'Quayside worker is running')
  const extra: Awaited<ReturnType<typeof startShippedServer>>[] = []
  const rows = []
  try {
    for (const apis of [1, 2, 3]) {
      while (extra.length < apis - 1)
        extra.push(
          await startShippedServer({
            ...env,
            ROLE: 'api',
            PORT: String(Number(values.port) + extra.length + 1),
          }),
        )
      const ports = Array.from({ length: apis }, (_, i) => Number(values.port) + i)
      const board = await spread(ports, BOARD)
      const list = await spread(ports, LIST)
      await enqueue(client, webhookIds)
      const started = performance.now()
      const underLoad = spread(ports, LIST)
      await drained(client)
      const deliveries = NOTIFICATIONS / ((performance.now() - started) / 1000)
      await underLoad
      rows.push({
        'API processes': apis,
        'board req/s': board.rps,
        'board p99 ms': board.p99,
        'list req/s': list.rps,
        'list p99 ms': list.p99,
        errors: board.errors + list.errors,
        'deliveries/s (1 worker, list loaded)': Math.round(deliveries),
        'load (1 min)': loadavg()[0].toFixed(1),
      })
    }
  } finally {
    await Promise.all([worker, ...extra].map((process) => process.stop()))
  }
  return rows
}

const postgres = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres()
const databaseUrl = process.env.BENCH_DATABASE_URL ?? postgres!.url
const receiver = await startReceiver()
const env = {
  DATABASE_URL: databaseUrl,
  DEMO_API_KEY: KEY,
  DEMO_SHIPMENTS: values.shipments,
  WEBHOOK_ALLOWLIST: '127.0.0.0/8',
  RATE_LIMIT_PER_MINUTE: '1000000',
  // every process of a deployment shares one BLOB_DIR, or a worker cannot read what the API process stored
  BLOB_DIR: mkdtempSync(join(tmpdir(), 'quayside-bench-blobs-')),
}
const api = await startShippedServer({ ...env, ROLE: 'api', PORT: values.port })
const client = new pg.Client({ connectionString: databaseUrl })
try {
  await client.connect()
  const webhookIds: string[] = []
  for (let n = 0; n < WEBHOOKS; n++) {
    const response = await fetch(`http://127.0.0.1:${values.port}/v2/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: {
            url: `http://127.0.0.1:${receiver.port}/ok/${n}`,
            events: ['container.pickup_lfd.changed'],
          },
        },
      }),
    })
    if (response.status !== 201) throw new Error(`Could not create a webhook: ${response.status}`)
    webhookIds.push(((await response.json()) as { data: { id: string } }).data.id)
  }
  const rows = []
  for (const workers of [1, 2, 3]) {
    await enqueue(client, webhookIds)
    const started = performance.now()
    const running = await Promise.all(
      Array.from({ length: workers }, () =>
        startShippedServer({ ...env, ROLE: 'worker' }, 'Quayside worker is running'),
      ),
    )
    const startupMs = performance.now() - started
    await drained(client)
    const seconds = (performance.now() - started) / 1000
    await Promise.all(running.map((worker) => worker.stop()))
    rows.push({
      workers,
      notifications: NOTIFICATIONS,
      'seconds (incl. start)': seconds.toFixed(1),
      'start of the slowest worker, s': (startupMs / 1000).toFixed(1),
      'deliveries a second': Math.round(NOTIFICATIONS / (seconds - startupMs / 1000)),
      'load (1 min)': loadavg()[0].toFixed(1),
    })
  }
  console.table(rows)
  console.table(await apiRounds(client, webhookIds))
  // a second attempt follows a failed first one (its error says why); two successes would be a double delivery
  const { rows: repeats } = await client.query<{ outcome: string; n: number }>(
    `select coalesce(a.status_code::text, a.error) as outcome, count(*)::int as n
     from webhook_delivery_attempts a
     join webhook_notifications n on n.id = a.notification_id
     where n.webhook_id = any($1::uuid[])
       and a.notification_id in (select notification_id from webhook_delivery_attempts group by 1 having count(*) > 1)
     group by 1 order by 2 desc`,
    [webhookIds],
  )
  console.log("Attempts of the benchmark's notifications attempted more than once, by outcome:", repeats)
} finally {
  await client.end()
  await api.stop()
  receiver.stop()
  postgres?.stop()
}
