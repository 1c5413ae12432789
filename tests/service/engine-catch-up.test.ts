import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BATCH } from '../../src/server/tracking/engine-steps'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'

type Rows = { rows: { account_id: string }[] }

describe.each(DATABASE_KINDS)('the tracking engine catching up on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: BATCH + 60, clockControl: false })
  })
  afterAll(() => service?.stop())

  // after an hour idle at 100,000 shipments, the catch-up ran for minutes and the board read every count row
  // appended meanwhile: 4-9 times slower until the tick's end merged them
  it('folds the kept counts together after each batch, not only when it has caught up', async () => {
    await service.storage.db.execute(
      sql`update shipments set next_update_at = ${service.clock.now().toISOString()}::timestamptz - interval '1 minute'`,
    )
    const unmergedSeen: number[] = []
    const board = service.storage.board
    const merge = board.mergeCounts
    board.mergeCounts = async () => {
      const { rows } = (await service.storage.db.execute(
        sql`select count(*)::int as n from board_counts where not merged`,
      )) as unknown as { rows: { n: number }[] }
      unmergedSeen.push(rows[0].n)
      return merge()
    }
    try {
      const report = await service.engine({ newId: randomUUID, log: () => undefined }).tick()
      expect(report.shipments).toBeGreaterThan(BATCH)
      expect(unmergedSeen.length).toBeGreaterThanOrEqual(2)
      expect(unmergedSeen[0], 'count rows appended by the first batch').toBeGreaterThan(0)
    } finally {
      board.mergeCounts = merge
    }
    const { rows } = (await service.storage.db.execute(
      sql`select account_id from containers group by 1 order by count(*) desc limit 1`,
    )) as unknown as Rows
    const query = { days: 3 }
    expect(await board.tabCounts(rows[0].account_id, query)).toEqual(
      await board.countedTabs(rows[0].account_id, query),
    )
  })
})
