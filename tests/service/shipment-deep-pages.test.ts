import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_EVERY } from '../../src/server/storage/newest-anchors'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, type Service, startService } from './harness'

type Rows = { rows: { id: string }[] }

/** Deep pages of the unfiltered list are read from kept anchors: they must still be exactly the plain order. */
describe.each(DATABASE_KINDS)('deep pages of the shipment list on %s', (kind) => {
  let service: Service
  let accountId: string
  const run = async (query: string) => (await service.storage.db.execute(sql.raw(query))) as unknown as Rows
  const ordered = async () =>
    (
      await run(
        `select id from shipments where account_id = '${accountId}' order by created_at desc, id desc`,
      )
    ).rows.map((row) => row.id)
  const page = async (number: number, size = 25) => {
    const { rows, total } = await service.storage.shipments.listShown(accountId, {}, { number, size })
    return { ids: rows.map((row) => row.id), total }
  }
  /** Every page from the one holding `from` on, against the order PostgreSQL gives. */
  const expectPagesFrom = async (from: number, size = 25) => {
    const all = await ordered()
    for (let number = Math.floor(from / size) + 1; (number - 1) * size < all.length; number++) {
      const read = await page(number, size)
      expect(read.ids, `page ${number} of ${size}`).toEqual(all.slice((number - 1) * size, number * size))
      expect(read.total).toBe(all.length)
    }
  }
  // rows added in bulk: thirty share each instant, and neighbouring instants differ by a microsecond,
  // which a JavaScript date would lose
  const add = (count: number, newest: string, tag: string) =>
    run(
      `insert into shipments (account_id, bill_of_lading_number, normalized_number, shipping_line_scac, created_at)
       select '${accountId}', '${tag}' || n, '${tag}' || n, 'MAEU',
         '${newest}'::timestamptz - (n / 30) * interval '1 microsecond'
       from generate_series(1, ${count}) n`,
    )

  beforeAll(async () => {
    service = await startService(kind, { shipments: 2 })
    accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    await add(ANCHOR_EVERY * 3 + 137, '2026-01-01T00:00:00.000001Z', 'DEEP')
  })
  afterAll(() => service?.stop())

  it('reads every deep page as the plain order has it, and again from the kept anchors', async () => {
    await expectPagesFrom(ANCHOR_EVERY - 25)
    await expectPagesFrom(ANCHOR_EVERY - 25)
    // a page that straddles an anchor, and one past the end
    await expectPagesFrom(ANCHOR_EVERY * 2 - 7, 20)
    expect((await page(1000)).ids).toEqual([])
  })

  it('moves every deep page along when a shipment is added at the top or removed from the middle', async () => {
    await expectPagesFrom(ANCHOR_EVERY)
    await add(1, '2026-06-01T00:00:00Z', 'NEWER')
    await expectPagesFrom(ANCHOR_EVERY)
    const [middle] = (await ordered()).slice(ANCHOR_EVERY + 500, ANCHOR_EVERY + 501)
    await run(`delete from shipments where id = '${middle}'`)
    await expectPagesFrom(ANCHOR_EVERY)
  })

  it('sees a removal and an addition that leave the count as it was', async () => {
    await expectPagesFrom(ANCHOR_EVERY * 2)
    const [second] = (await ordered()).slice(1, 2)
    await run(`delete from shipments where id = '${second}'`)
    await add(1, '2025-01-01T00:00:00Z', 'OLDEST')
    await expectPagesFrom(ANCHOR_EVERY * 2)
  })
})
