/**
 * node --import tsx tests/bench/inbox-counts.ts [-- --submissions 100000]
 * The inbox's counts at scale: the demo, then `submissions` emails in its account (as many as the shipments of
 * a large forwarder: an arrival notice each), most with one document read, some failed, some being read, some
 * with none; analysed. Prints the plan (EXPLAIN ANALYZE) of the count `GET /v2/email_submissions` makes for
 * its total, unfiltered and for each `filter[reading]`, and times the whole list read, the total counted and
 * the total kept (migration 0032), five times each.
 * Uses BENCH_DATABASE_URL's PostgreSQL, else PGlite in a temporary directory.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { and, count, eq, sql } from 'drizzle-orm'
import { seedDemo } from '../../src/server/demo/seed'
import { openDatabase } from '../../src/server/storage/database'
import { readingCondition, type SubmissionReading } from '../../src/server/storage/document-filters'
import { emailSubmissions } from '../../src/server/storage/schema'
import { createStorage } from '../../src/server/storage/storage'
import { benchBlobs } from './bench-blobs'

const { values } = parseArgs({ options: { submissions: { type: 'string', default: '100000' } } })
const SUBMISSIONS = Number(values.submissions)
const databaseUrl = process.env.BENCH_DATABASE_URL
const database = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: mkdtempSync(join(tmpdir(), 'quayside-bench-inbox-')) },
)
const now = new Date()
const storage = createStorage(database, { now: () => now }, benchBlobs())
await seedDemo(storage, { shipments: 20, now, apiKey: 'bench-inbox-key-000000', secondAccountShipments: 5 })
const run = (query: string) => storage.db.execute(sql.raw(query))
const [{ account_id: accountId }] = (
  (await run('select account_id from shipments group by 1 order by count(*) desc limit 1')) as unknown as {
    rows: { account_id: string }[]
  }
).rows
const started = performance.now()
await run(`insert into email_submissions (account_id, subject, "from", "to", created_at)
  select '${accountId}', 'Arrival notice ' || g, '["notices@line.example"]'::jsonb, '["in@quayside.example"]'::jsonb,
    now() - g * interval '1 minute'
  from generate_series(1, ${SUBMISSIONS}) g`)
// 70% one document read, 10% failed, 5% being read, 15% none
await run(`insert into documents (account_id, email_submission_id, name, source, file_name, file_content_type,
    file_size_bytes, extraction_status)
  select account_id, id, 'notice.pdf', 'email', 'notice.pdf', 'application/pdf', 1000,
    case when r < 0.70 then 'done' when r < 0.80 then 'failed' else 'pending' end
  from (select id, account_id, random() as r from email_submissions where account_id = '${accountId}') s
  where r < 0.85`)
await run('analyze')
console.log(
  `On ${database.kind}: ${SUBMISSIONS} submissions loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

const countOf = (reading?: SubmissionReading) =>
  storage.db
    .select({ total: count() })
    .from(emailSubmissions)
    .where(and(eq(emailSubmissions.account_id, accountId), reading ? readingCondition(reading) : undefined))
for (const reading of [undefined, 'failed', 'reading', 'done', 'no_documents'] as const) {
  const plan = (await storage.db.execute(sql`explain (analyze, buffers) ${countOf(reading)}`)) as unknown as {
    rows: Record<string, string>[]
  }
  console.log(`\nThe inbox's total${reading ? ` with filter[reading]=${reading}` : ''}:`)
  for (const row of plan.rows) console.log(`  ${Object.values(row)[0]}`)
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    await storage.documents.listSubmissions(accountId, { number: 1, size: 30 }, reading ? { reading } : {})
    times.push(performance.now() - t0)
  }
  console.log(`  the list's page and total: ${times.map((t) => t.toFixed(0)).join(', ')} ms`)
  for (const [label, total] of [
    ['counted', () => storage.documents.countedSubmissions(accountId, reading)],
    ['kept', () => storage.documents.keptSubmissions(accountId, reading)],
  ] as const) {
    const spent: number[] = []
    let n = 0
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      n = await total()
      spent.push(performance.now() - t0)
    }
    console.log(`  the total alone, ${label}: ${n} in ${spent.map((t) => t.toFixed(1)).join(', ')} ms`)
  }
}
await database.close()
