import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'

const MIGRATION = join(
  import.meta.dirname,
  '../../src/server/storage/migrations/0008_interface_attributes.sql',
)

/** The hand-written statements of migration 0008: what it does to rows stored before it. */
const dataFills = () =>
  readFileSync(MIGRATION, 'utf8')
    .split(/-- hand-written data fills[^\n]*\n/)[1]
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean)

type Rows = { rows: Record<string, unknown>[] }

describe.each(DATABASE_KINDS)('migration 0008 on data stored before it, on %s', (kind) => {
  let service: Service
  const run = async (query: string) => (await service.storage.db.execute(sql.raw(query))) as unknown as Rows
  beforeAll(async () => {
    service = await startService(kind, { shipments: 6 })
    // the rows as the service stored them before 0008: gaps in raw event numbers, the old reason, no hashes
    await run(
      'update raw_events set index = index * 2 + 1, data_provider_name = null, data_provider_code = null',
    )
    await run(
      "update shipments set line_tracking_stopped_reason = 'user' where id in (select id from shipments limit 2)",
    )
    // before 0008 (and 0010's document_blobs) a document held its own bytes
    for (const { id, file_sha256 } of (await run('select id, file_sha256 from documents')).rows) {
      const bytes = Buffer.from((await service.storage.blobs.read(String(file_sha256))) as Uint8Array)
      await service.storage.db.execute(sql`update documents set file_bytes = ${bytes} where id = ${id}`)
    }
    await run('update documents set file_sha256 = null')
    await run(
      "update terminals set state = state_abbr, country = 'US', smdg_code = null where firms_code = 'N195'",
    )
    for (const statement of dataFills()) await run(statement)
  })
  afterAll(() => service?.stop())

  it('numbers every container’s raw events 0..n-1 again', async () => {
    const { rows } = await run(
      'select container_id, array_agg(index order by index) as indexes from raw_events group by container_id',
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows)
      expect((row.indexes as number[]).map(Number)).toEqual((row.indexes as number[]).map((_, i) => i))
  })

  it('spells a person’s stop cancelled_by_user', async () => {
    const { rows } = await run('select line_tracking_stopped_reason as reason from shipments')
    expect(rows.map((r) => r.reason)).not.toContain('user')
    expect(rows.filter((r) => r.reason === 'cancelled_by_user')).toHaveLength(2)
  })

  it('names the line that reported each raw event, hashes every file and completes the terminals', async () => {
    expect(
      (await run('select count(*)::int as n from raw_events where data_provider_code is null')).rows[0].n,
    ).toBe(0)
    expect((await run('select count(*)::int as n from documents where file_sha256 is null')).rows[0].n).toBe(
      0,
    )
    const [vig] = (await run("select state, country, smdg_code from terminals where firms_code = 'N195'"))
      .rows
    expect(vig).toEqual({ state: 'Virginia', country: 'United States', smdg_code: 'VIG' })
  })
})
