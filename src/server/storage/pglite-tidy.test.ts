import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase } from './database'

type Rows<Row> = { rows: Row[] }

it('analyzes and vacuums each of the embedded database’s tables, which PGlite has no autovacuum to do', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-tidy-'))
  const database = await openDatabase({ dataDir, tidy: { everyMs: 100, pauseMs: 10 }, walCheckMs: 60_000 })
  const run = async <Row>(statement: string) =>
    ((await database.db.execute(sql.raw(statement))) as unknown as Rows<Row>).rows
  try {
    await run('create table churn (id int primary key, body text)')
    await run(`insert into churn select i, md5(i::text) from generate_series(1, 5000) i`)
    await run('delete from churn where id > 1000')
    const known = () =>
      run<{ tuples: number; columns: number; bytes: number }>(
        `select reltuples::int as tuples, pg_relation_size(c.oid)::int as bytes,
           (select count(*)::int from pg_statistic where starelid = c.oid) as columns
         from pg_class c where relname = 'churn'`,
      )
    const [before] = await known()
    expect(before.tuples).toBe(-1)
    // a pass runs every 100 ms, a table at a time; wait for it (bounded) rather than for a fixed time
    for (let waited = 0; (await known())[0].tuples < 0 && waited < 600; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const [after] = await known()
    expect(after.tuples).toBe(1000)
    expect(after.columns, 'column statistics').toBeGreaterThan(0)
    // VACUUM gives back the pages the deleted rows left at the end of the table
    expect(after.bytes).toBeLessThan(before.bytes / 2)
  } finally {
    await database.close()
  }
}, 120_000)
