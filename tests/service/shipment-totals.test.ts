import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { createShipmentStore } from '../../src/server/storage/shipment-store'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, parsed, type Service, startService } from './harness'

/** The statement of migration 0018 that fills the kept counts from the shipments stored before it. */
const FILL = readFileSync(
  join(import.meta.dirname, '../../src/server/storage/migrations/0019_shipment_counts_kept.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .at(-1)!

type Rows = { rows: Record<string, unknown>[] }

describe.each(DATABASE_KINDS)('the total of a shipment list on %s', (kind) => {
  let service: Service
  const run = async (query: string) => (await service.storage.db.execute(sql.raw(query))) as unknown as Rows
  const list = async (path: string, key?: string) => {
    const { status, body } = await service.call('GET', path, {
      key,
      headers: { 'Cache-Control': 'no-cache' },
    })
    expect(status).toBe(200)
    return parsed(ShipmentListDocumentSchema, body)
  }
  beforeAll(async () => {
    service = await startService(kind, { shipments: 12 })
  })
  afterAll(() => service?.stop())

  it('answers the account’s exact total, pages and last link without counting the whole account', async () => {
    const document = await list('/v2/shipments?page[size]=5')
    expect(document.meta).toMatchObject({ total: 12, pagination: { last: 3, records: 12 } })
    expect(document.links?.last).toBe(`${service.baseUrl}/v2/shipments?page[number]=3&page[size]=5`)
    expect((await list('/v2/shipments', OTHER_KEY)).meta?.total).toBe(5)
  })

  it('keeps the total exact as shipments are added in bulk and removed', async () => {
    const [mine] = (await list('/v2/shipments?page[size]=1')).data
    // three in one statement: the count is kept once per statement, from all the rows it added
    await run(
      `insert into shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac)
       select account_id, 'TOTALS' || n, 'TOTALS' || n, 'MAEU'
       from shipments, generate_series(1, 3) n where id = '${mine.id}'`,
    )
    const afterInsert = await list('/v2/shipments?page[size]=5')
    expect(afterInsert.meta?.total).toBe(15)
    await run("delete from shipments where bill_of_lading_number in ('TOTALS1', 'TOTALS2')")
    expect((await list('/v2/shipments?page[size]=5')).meta?.total).toBe(13)
    expect((await list('/v2/shipments', OTHER_KEY)).meta?.total).toBe(5)
  })

  it('reads a later page’s ids from the account’s index alone, and the pages tile the list', async () => {
    const all = (await list('/v2/shipments?page[size]=100')).data
    const paged = []
    for (let number = 1; number <= Math.ceil(all.length / 4); number++)
      paged.push(...(await list(`/v2/shipments?page[size]=4&page[number]=${number}`)).data)
    expect(paged).toEqual(all)
    const { accountId } = (await service.storage.apiKeys.authenticate(KEY))!
    // a dozen rows: without these settings the planner rightly reads the table, the way it never would at scale
    await service.storage.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
        await tx.execute(sql.raw(`set local ${setting} = off`))
      const plan = (
        await createShipmentStore(tx, () => new Date()).explainNewestPage(accountId, { number: 3, size: 4 })
      ).join('\n')
      // the old statement walked the heap for every skipped row: `Index Scan using shipments_account_created`
      expect(plan).toMatch(/Index Only Scan using shipments_account_created/)
      expect(plan).not.toMatch(/Index Scan using shipments_account_created/)
    })
  })

  it('counts a filtered list by its filter', async () => {
    const all = (await list('/v2/shipments?page[size]=100')).data
    const scac = all[0].attributes.shipping_line_scac!
    const filtered = await list(`/v2/shipments?filter[shipping_line_scac]=${scac}&page[size]=1`)
    expect(filtered.meta?.total).toBe(all.filter((s) => s.attributes.shipping_line_scac === scac).length)
    const searched = await list(`/v2/shipments?q=${all[0].attributes.bill_of_lading_number}`)
    expect(searched.meta?.total).toBe(1)
  })

  it('fills the counts of shipments stored before the counts were kept (migration 0018)', async () => {
    await run('delete from shipment_counts')
    expect((await list('/v2/shipments')).meta?.total).toBe(0)
    await run(FILL)
    expect((await list('/v2/shipments')).meta?.total).toBe(13)
    expect((await list('/v2/shipments', OTHER_KEY)).meta?.total).toBe(5)
  })
})
