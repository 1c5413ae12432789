import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase } from '../storage/database'

type Rows = { rows: { status: string | null; n: number }[] }

const step = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'first-start-cli.ts'), ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DEMO_SHIPMENTS: '40', DATABASE_URL: '' }, timeout: 120_000 },
  )

async function documentsByStatus(dataDir: string) {
  const database = await openDatabase({ dataDir })
  try {
    const { rows } = (await database.db.execute(
      sql`select extraction_status as status, count(*)::int as n from documents group by 1 order by 1`,
    )) as unknown as Rows
    return rows
  } finally {
    await database.close()
  }
}

const unread = (rows: Rows['rows']) =>
  rows.filter((row) => row.status === 'pending' || row.status === 'running')

// read by the server instead, the reading's thread stood beside the server's larger heap; read by the loading
// process, beside what the load had held: the first start's whole tree peaked at 404-410 MB against 400
it('loads the demo, then reads its emailed documents in a step of their own, before the server starts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-first-start-'))
  const pending = join(dataDir, 'first-start-documents')
  expect((await step(dataDir, '--documents')).stdout, 'a restart says nothing of documents').toBe('')
  expect(existsSync(join(dataDir, 'pglite')), 'the documents step creates nothing').toBe(false)

  await step(dataDir)
  expect(existsSync(pending)).toBe(true)
  expect(unread(await documentsByStatus(dataDir)).length).toBeGreaterThan(0)

  const { stdout } = await step(dataDir, '--documents')
  expect(stdout).toMatch(/Read [1-9]\d* documents\./)
  const rows = await documentsByStatus(dataDir)
  expect(rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(0)
  expect(unread(rows)).toEqual([])
  expect(existsSync(pending), 'a restart does not read them again').toBe(false)
}, 240_000)
