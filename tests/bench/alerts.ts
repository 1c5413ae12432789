/**
 * npm run bench:alerts [-- --containers 100000 --shipments 300]
 * On a throwaway PostgreSQL: the demo account seeded with `shipments` shipments, copied until it holds
 * `containers` containers (copies keep every attribute, so the mix of states is the demo's), then one rule of
 * every condition in the catalogue (scope all, in-app and email). Times the evaluator as the engine tick runs
 * it: the first tick (every subject true now fires: alerts a second), the next one (nothing changed: the
 * steady cost of evaluating every rule at a tick), and one an hour of service time later.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { ALERT_CONDITION_KINDS, ALERT_CONDITIONS } from '../../src/contract/alerts'
import { evaluateAlerts } from '../../src/server/alerts/evaluate-alerts'
import { seedDemo } from '../../src/server/demo/seed'
import { openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { startPostgres } from '../support/postgres'
import { tempBlobStore } from '../support/temp-blobs'

const { values } = parseArgs({
  options: {
    containers: { type: 'string', default: '100000' },
    shipments: { type: 'string', default: '300' },
  },
})
const NOW = new Date('2026-11-22T12:00:00Z')
const KEY = 'bench-alerts-key-00000'

/**
 * Copies of the demo's shipments and containers, ids derived from the original's and the copy's number; in a
 * lateral join, since `(jsonb_populate_record(…)).*` makes the record once for each of the table's columns.
 */
const copyShipments = (accountId: string, copies: number) => sql`
  with g as (select generate_series(1, ${copies}::int) as n)
  insert into shipments select copy.* from shipments s cross join g
  cross join lateral jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object(
    'id', md5(s.id::text || g.n)::uuid, 'bill_of_lading_number', s.bill_of_lading_number || 'C' || g.n,
    'normalized_number', s.normalized_number || 'C' || g.n, 'tracking_request_id', null)) copy
  where s.account_id = ${accountId}::uuid`
const copyContainers = (accountId: string, copies: number) => sql`
  with g as (select generate_series(1, ${copies}::int) as n)
  insert into containers select copy.* from containers c cross join g
  cross join lateral jsonb_populate_record(null::containers, to_jsonb(c) || jsonb_build_object(
    'id', md5(c.id::text || g.n)::uuid, 'shipment_id', md5(c.shipment_id::text || g.n)::uuid)) copy
  where c.account_id = ${accountId}::uuid`

async function main() {
  const server = await startPostgres()
  const database = await openDatabase({ databaseUrl: server.url })
  let now = NOW
  const blobs = tempBlobStore()
  const storage = createStorage(database, { now: () => now }, blobs)
  try {
    const seedStart = performance.now()
    await seedDemo(storage, { shipments: Number(values.shipments), now: NOW, apiKey: KEY })
    const accountId = (await storage.apiKeys.authenticate(KEY))!.accountId
    const count = async () =>
      Number(
        (
          await database.db.execute<{ count: string }>(
            sql`select count(*) from containers where account_id = ${accountId}::uuid`,
          )
        ).rows[0].count,
      )
    const seeded = await count()
    const copies = Math.max(0, Math.ceil(Number(values.containers) / seeded) - 1)
    await database.db.execute(copyShipments(accountId, copies))
    await database.db.execute(copyContainers(accountId, copies))
    await database.db.execute(sql`analyze`)
    const total = await count()
    console.log(
      `${total} containers (${seeded} seeded, ${copies} copies) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    )
    for (const kind of ALERT_CONDITION_KINDS) {
      const parameter = ALERT_CONDITIONS[kind].parameter
      await storage.alertRules.create(accountId, {
        name: `Bench ${kind}`,
        condition: { kind, ...(parameter ? { [parameter.name]: parameter.default } : {}) },
        scope: { kind: 'all' },
        channels: ['in_app', 'email'],
        recipient_emails: ['ops@example.com'],
        group_wait_seconds: 30,
      })
    }
    now = new Date(NOW.getTime() + 60_000)
    const tick = async (label: string) => {
      const start = performance.now()
      const report = await evaluateAlerts(storage, now)
      const seconds = (performance.now() - start) / 1000
      const rate = report.fired > 0 ? `, ${Math.round(report.fired / seconds)} alerts fired a second` : ''
      console.log(
        `${label}: ${report.rules} rules over ${total} containers in ${(seconds * 1000).toFixed(0)} ms; ${report.candidates} subjects true, ${report.fired} fired, ${report.cleared} cleared${rate}`,
      )
    }
    await tick('first tick')
    await tick('next tick (nothing changed)')
    now = new Date(now.getTime() + 3_600_000)
    await tick('an hour later')
  } finally {
    await database.close()
    blobs.remove()
    server.stop()
  }
}

await main()
