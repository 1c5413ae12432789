import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase } from '../storage/database'

type Rows = { rows: { status: string | null; n: number }[] }

// read by the server instead, the reading's thread stood beside the server's larger heap: the first start's
// whole tree peaked at 404-410 MB against 400 (bench:footprint)
it('loads the demo and reads its emailed documents before the server starts, on a first start', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-first-start-'))
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(import.meta.dirname, 'first-start-cli.ts')],
    { env: { ...process.env, DATA_DIR: dataDir, DEMO_SHIPMENTS: '40', DATABASE_URL: '' }, timeout: 120_000 },
  )
  const database = await openDatabase({ dataDir })
  try {
    const { rows } = (await database.db.execute(
      sql`select extraction_status as status, count(*)::int as n from documents group by 1 order by 1`,
    )) as unknown as Rows
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(0)
    expect(rows.filter((row) => row.status === 'pending' || row.status === 'running')).toEqual([])
  } finally {
    await database.close()
  }
}, 180_000)
