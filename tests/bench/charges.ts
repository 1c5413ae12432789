/**
 * npm run bench:charges [-- --shipments 100000 --seed 300 --rounds 3]
 * On a throwaway PostgreSQL (or BENCH_DATABASE_URL): the demo account seeded with `seed` shipments, copied until
 * it holds `shipments` shipments (copies keep every attribute, so the mix of states is the demo's, but the
 * n-th copy's times out and back move n seconds, so no two copies are alike and each is priced alone, as
 * real containers are). Then
 * GET /v2/charges_summary over real HTTP on loopback, per grouping and period: ms per answer, the candidates
 * (rows priced, and the containers they stand for) and the event loop's longest block during the answer
 * (monitorEventLoopDelay, in this process, which is the server's).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { ChargeCandidate } from '../../src/server/storage/charge-store'
import { openDatabase } from '../../src/server/storage/database'
import { KEY, NOW, startService } from '../service/harness'
import { copyDemo } from '../support/copy-demo'
import { startPostgres } from '../support/postgres'

const { values } = parseArgs({
  options: {
    shipments: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
  },
})
const DAY = 86_400_000

const periods = {
  'this month': '',
  'last 90 days': `&filter[from]=${new Date(NOW.getTime() - 89 * DAY).toISOString().slice(0, 10)}`,
  'a year': `&filter[from]=${new Date(NOW.getTime() - 365 * DAY).toISOString().slice(0, 10)}`,
}

async function main() {
  const postgres = process.env.BENCH_DATABASE_URL ? undefined : await startPostgres()
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? postgres!.url })
  const seedStart = performance.now()
  const service = await startService('postgres', { database, shipments: Number(values.seed) })
  try {
    const accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const count = async (table: string) =>
      Number(
        (
          (await service.storage.db.execute(
            sql`select count(*) as n from ${sql.raw(table)} where account_id = ${accountId}::uuid`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0].n,
      )
    const seeded = await count('shipments')
    const copies = Math.max(0, Math.ceil(Number(values.shipments) / seeded) - 1)
    await copyDemo(service.storage.db, accountId, copies)
    await service.storage.db.execute(sql`analyze`)
    console.log(
      `${await count('shipments')} shipments, ${await count('containers')} containers (${seeded} seeded, ${copies} copies) in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    )
    const histogram = monitorEventLoopDelay({ resolution: 5 })
    histogram.enable()
    for (const group of ['customer', 'terminal'] as const)
      for (const [label, query] of Object.entries(periods)) {
        const to = NOW.toISOString().slice(0, 10)
        const from = query ? query.slice('&filter[from]='.length) : `${to.slice(0, 8)}01`
        const candidates: ChargeCandidate[] = []
        for await (const page of service.storage.charges.candidatePages(accountId, {
          from: new Date(`${from}T00:00:00Z`),
          toEnd: new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY),
          group,
        }))
          candidates.push(...page)
        const stands = candidates.reduce((sum, candidate) => sum + candidate.count, 0)
        for (let round = 1; round <= Number(values.rounds); round++) {
          await new Promise((resolve) => setTimeout(resolve, 50))
          histogram.reset()
          const started = performance.now()
          const response = await fetch(`${service.baseUrl}/v2/charges_summary?group_by=${group}${query}`, {
            headers: { Authorization: `Token ${KEY}`, 'Cache-Control': 'no-cache' },
          })
          const body = (await response.json()) as { data: unknown[] }
          const ms = performance.now() - started
          if (response.status !== 200) throw new Error(`${response.status}: ${JSON.stringify(body)}`)
          console.log(
            `${group.padEnd(8)} ${label.padEnd(12)} round ${round}: ${ms.toFixed(0).padStart(5)} ms, longest block ${(histogram.max / 1e6).toFixed(0).padStart(4)} ms, ${candidates.length} candidate rows for ${stands} containers, ${body.data.length} rows`,
          )
        }
      }
    histogram.disable()
  } finally {
    await service.stop()
    await postgres?.stop()
  }
}

await main()
