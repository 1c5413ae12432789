/**
 * npm run bench:scale [-- --notifications 20000 --webhooks 20 --port 3271]
 * Webhook deliveries a second with 1, 2 and 3 worker processes (ROLE=worker, what `npm start` runs) on
 * one PostgreSQL (provisioned here, or BENCH_DATABASE_URL), which share the outbox through
 * FOR UPDATE SKIP LOCKED leases. One ROLE=api process seeds the demo and takes the webhooks; each round
 * writes `notifications` to the outbox and times the workers until every one is delivered to a receiver
 * in its own process on loopback. Build first (`npm run build`). Every loop is bounded.
 */
import { fork } from 'node:child_process'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startPostgres } from '../support/postgres'
import { startShippedServer } from './shipped-server'

const { values } = parseArgs({
  options: {
    notifications: { type: 'string', default: '20000' },
    webhooks: { type: 'string', default: '20' },
    port: { type: 'string', default: '3271' },
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

const postgres = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres()
const databaseUrl = process.env.BENCH_DATABASE_URL ?? postgres!.url
const receiver = await startReceiver()
const env = {
  DATABASE_URL: databaseUrl,
  DEMO_API_KEY: KEY,
  DEMO_SHIPMENTS: '20',
  WEBHOOK_ALLOWLIST: '127.0.0.0/8',
  RATE_LIMIT_PER_MINUTE: '1000000',
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
    await client.query(
      `insert into webhook_notifications (account_id, webhook_id, event, reference_type, reference_id, payload)
       select w.account_id, w.id, 'container.pickup_lfd.changed', 'container', gen_random_uuid(),
              json_build_object('data', json_build_object('type', 'webhook_notification', 'n', i))::text
       from generate_series(1, $1) i join webhooks w on w.id = ($2::uuid[])[1 + i % $3]`,
      [NOTIFICATIONS, webhookIds, WEBHOOKS],
    )
    const started = performance.now()
    const running = await Promise.all(
      Array.from({ length: workers }, () =>
        startShippedServer({ ...env, ROLE: 'worker' }, 'Quayside worker is running'),
      ),
    )
    const startupMs = performance.now() - started
    for (let waited = 0; ; waited++) {
      const { rows: left } = await client.query<{ n: number }>(
        `select count(*)::int as n from webhook_notifications where delivery_status = 'pending'`,
      )
      if (left[0].n === 0) break
      if (waited > 6_000) throw new Error(`${left[0].n} notifications still pending after 10 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const seconds = (performance.now() - started) / 1000
    await Promise.all(running.map((worker) => worker.stop()))
    rows.push({
      workers,
      notifications: NOTIFICATIONS,
      'seconds (incl. start)': seconds.toFixed(1),
      'start of the slowest worker, s': (startupMs / 1000).toFixed(1),
      'deliveries a second': Math.round(NOTIFICATIONS / (seconds - startupMs / 1000)),
    })
  }
  console.table(rows)
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
