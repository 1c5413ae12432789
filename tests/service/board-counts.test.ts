import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOARD_TABS, ContainerBoardDocumentSchema } from '../../src/contract/container-board'
import { LFD_CHECK_INTERVAL_MS } from '../../src/contract/lfd-sources'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, type Service, startService } from './harness'

/** The statement of migration 0027 that fills the kept counts from the containers stored before it. */
const FILL = readFileSync(
  join(import.meta.dirname, '../../src/server/storage/migrations/0027_board_counts.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .at(-1)!

/** Migration 0035's statement that fills the empties' kept counts. */
const FILL_EMPTIES = readFileSync(
  join(import.meta.dirname, '../../src/server/storage/migrations/0035_detention.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .at(-1)!

type Rows = { rows: Record<string, unknown>[] }
const HOUR = 3_600_000
const ZONES = ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC', null]
const SOURCES = ['terminal', 'rail', 'line', 'person', 'document', null]

describe.each(DATABASE_KINDS)('the board’s kept tab counts on %s', (kind) => {
  let service: Service
  let accounts: string[]
  const random = seededRandom('board-counts')
  const run = async (query: ReturnType<typeof sql>) =>
    ((await service.storage.db.execute(query)) as unknown as Rows).rows

  /** Every tab that was ever counted above zero here, so a test can tell its counts were not all empty. */
  const seen = new Set<string>()
  /** The kept counts and a full count of every container agree, for every account and several N. */
  const expectExact = async (when: string) => {
    for (const accountId of accounts)
      for (const lfdWithinDays of [0, 3, 12, 30]) {
        const query = { days: lfdWithinDays }
        const kept = await service.storage.board.tabCounts(accountId, query)
        const counted = await service.storage.board.countedTabs(accountId, query)
        expect(kept, `${when}, N=${lfdWithinDays}`).toEqual(counted)
        for (const [tab, n] of Object.entries(counted)) if (n > 0) seen.add(tab)
        if (lfdWithinDays !== 3) continue
        // a tab's page reads its own count alone
        const totals = Object.fromEntries(
          await Promise.all(
            BOARD_TABS.map(async (tab) => [
              tab,
              (await service.storage.board.list(accountId, { ...query, tab }, { number: 1, size: 1 })).total,
            ]),
          ),
        )
        expect(totals, `${when}, each tab's page`).toEqual(counted)
      }
  }

  /** A time near now, in whole and odd hours and minutes, so rows fall on both sides of every edge. */
  const near = (spreadDays: number) =>
    new Date(service.clock.now().getTime() + (random.next() * 2 - 1) * spreadDays * 24 * HOUR).toISOString()
  const maybe = <T>(value: T) => (random.chance(0.4) ? null : value)
  /** An ETA within an hour and a half of either edge of the seven-day window, where it is counted exactly. */
  const nearEdge = () =>
    new Date(
      service.clock.now().getTime() + random.pick([-1, 1]) * 7 * 24 * HOUR + random.int(-90, 90) * 60_000,
    ).toISOString()

  /** Changes some containers' and shipments' board facts at random, a few rows a statement. */
  async function shuffle(rounds: number) {
    const ids = (await run(sql`select id, shipment_id from containers order by id`)) as {
      id: string
      shipment_id: string
    }[]
    for (let round = 0; round < rounds; round++) {
      const chosen = Array.from({ length: random.int(1, 4) }, () => random.pick(ids))
      const containerIds = sql.join(
        chosen.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )
      const shipmentIds = sql.join(
        chosen.map((row) => sql`${row.shipment_id}::uuid`),
        sql`, `,
      )
      const holds = random.chance(0.5) ? '[]' : '[{"name":"customs","status":"hold","description":null}]'
      const fees = random.chance(0.6)
        ? '[]'
        : `[{"type":"demurrage","amount":${random.int(0, 2)},"currency_code":"USD"}]`
      await run(sql`update containers set
        pod_discharged_at = ${maybe(near(20))}, pod_full_out_at = ${random.chance(0.7) ? null : near(5)},
        final_destination_full_out_at = ${random.chance(0.8) ? null : near(5)},
        pod_arrived_at = ${maybe(near(20))}, empty_terminated_at = ${random.chance(0.9) ? null : near(5)},
        pickup_lfd = ${maybe(near(12))}, pod_timezone = ${random.pick(ZONES)},
        final_destination_timezone = ${random.pick(ZONES)},
        import_deadlines = ${random.chance(0.5) ? null : JSON.stringify({ pickup_lfd_rail: near(9) })}::jsonb,
        holds_at_pod_terminal = ${holds}::jsonb, fees_at_pod_terminal = ${fees}::jsonb,
        available_for_pickup = ${random.chance(0.5)},
        pickup_lfd_source = ${random.pick(SOURCES)},
        pickup_lfd_checked_at = ${random.chance(0.2) ? null : near(0.5)}
        where id in (${containerIds})`)
      if (random.chance(0.5))
        await run(sql`update shipments set pod_eta_at = ${random.chance(0.5) ? nearEdge() : maybe(near(10))},
          pod_ata_at = ${random.chance(0.7) ? null : near(3)} where id in (${shipmentIds})`)
    }
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 60 })
    accounts = (
      (await run(sql`select account_id from containers group by 1 order by count(*) desc`)) as {
        account_id: string
      }[]
    ).map((row) => row.account_id)
  })
  afterAll(() => service?.stop())

  it('equals a full count of the demo as loaded, and over HTTP', async () => {
    await expectExact('as loaded')
    const { body } = await service.call('GET', '/v2/containers?counts=tabs&filter[tab]=done&page[size]=1', {
      headers: { 'Cache-Control': 'no-cache' },
    })
    const document = parsed(ContainerBoardDocumentSchema, body)
    const counted = await service.storage.board.countedTabs(accounts[0], { days: 3 })
    expect(document.meta?.tab_counts).toEqual(counted)
    expect(document.meta?.total).toBe(counted.done)
    const all = await service.call('GET', '/v2/containers?page[size]=1', { key: OTHER_KEY })
    const [{ n }] = await run(
      sql`select count(*)::int as n from containers where account_id = ${accounts[1]}`,
    )
    expect(parsed(ContainerBoardDocumentSchema, all.body).meta?.total).toBe(n)
  })

  it('counts nothing on each tab of an account without containers', async () => {
    const nobody = '00000000-0000-4000-8000-0000000000ff'
    for (const tab of BOARD_TABS)
      expect(
        (await service.storage.board.list(nobody, { days: 3, tab }, { number: 1, size: 25 })).total,
        tab,
      ).toBe(0)
  })

  it('stays exact after random changes, merged or not, as days and hours pass', async () => {
    for (let step = 0; step < 12; step++) {
      await shuffle(6)
      await expectExact(`after changes, step ${step}`)
      // 5 h 17 min a step: across midnights and hours in every zone, and past the ETA window's edges
      service.advance(5 * HOUR + 17 * 60_000)
      await expectExact(`after time passed, step ${step}`)
      if (step % 3 === 2) {
        await service.storage.board.mergeCounts()
        await expectExact(`merged, step ${step}`)
      }
    }
    // the empties' deadlines (set by the lines' detention tariffs at pickup) were due and overdue on the way
    expect([...seen]).toEqual(expect.arrayContaining(['empty_due', 'empty_overdue', 'lfd_soon', 'overdue']))
  })

  it('stays exact once old days are folded together and those containers change again', async () => {
    service.advance(10 * 24 * HOUR)
    await service.storage.board.mergeCounts()
    await expectExact('folded')
    await shuffle(10)
    await expectExact('changed after folding')
    await service.storage.board.mergeCounts()
    await expectExact('merged again')
  })

  it('stays exact as containers are added, deleted and deleted with their shipment', async () => {
    // a shipment due in two days, so its containers are in Arriving this week
    const [shipment] = (await run(sql`select shipment_id as id from containers order by id limit 1`)) as {
      id: string
    }[]
    await run(sql`update shipments set pod_eta_at = ${near(0)}::timestamptz + interval '2 days', pod_ata_at = null
      where id = ${shipment.id}`)
    await run(sql`insert into containers (account_id, shipment_id, number, pod_discharged_at, pickup_lfd, available_for_pickup)
      select account_id, shipment_id, number || n, pod_discharged_at, ${near(3)}, true
      from containers, generate_series(1, 3) n where shipment_id = ${shipment.id}`)
    await expectExact('after adding')
    await run(sql`delete from containers where id in (select id from containers order by id desc limit 3)`)
    await expectExact('after deleting containers')
    await run(sql`delete from shipments where id = ${shipment.id}`)
    await expectExact('after deleting a shipment')
    await service.storage.board.mergeCounts()
    await expectExact('merged')
  })

  it('counts a last free day only while it is confirmed, as the 6-hour edge passes', async () => {
    const [accountId] = accounts
    const ids = (
      (await run(sql`select id from containers where account_id = ${accountId} order by id limit 4`)) as {
        id: string
      }[]
    ).map((row) => row.id)
    const at = (offsetMs: number) => new Date(service.clock.now().getTime() + offsetMs).toISOString()
    // overdue by two days and on hold, so the day alone decides attention, overdue and available
    const set = (id: string, source: string, checkedAgoMs: number) =>
      run(sql`update containers set pod_discharged_at = ${at(-5 * 24 * HOUR)}, pod_full_out_at = null,
        final_destination_full_out_at = null, empty_terminated_at = null, pickup_lfd = ${at(-2 * 24 * HOUR)},
        pod_timezone = 'UTC', import_deadlines = null, fees_at_pod_terminal = '[]'::jsonb,
        holds_at_pod_terminal = '[]'::jsonb, available_for_pickup = true,
        pickup_lfd_source = ${source}, pickup_lfd_checked_at = ${at(-checkedAgoMs)} where id = ${id}`)
    // every other day of the account always counts, so only these four move the counts below
    await run(sql`update containers set pickup_lfd_checked_at = null where account_id = ${accountId}`)
    await set(ids[0], 'terminal', 30 * 24 * HOUR) // checked a month ago: unconfirmed
    await set(ids[1], 'terminal', 5 * HOUR) // checked 5 hours ago: confirmed for one more hour
    await set(ids[2], 'person', 30 * 24 * HOUR) // a person's correction never goes stale
    await set(ids[3], 'rail', 6 * HOUR - 60_000) // a minute from the edge
    const before = await service.storage.board.tabCounts(accountId, { days: 3 })
    await expectExact('a month, 5 hours, a person, 6 hours less a minute')
    service.advance(60_000) // exactly 6 hours since ids[3] was checked: still confirmed
    await expectExact('on the edge')
    expect(await service.storage.board.tabCounts(accountId, { days: 3 })).toEqual(before)
    service.advance(1) // a millisecond past it: ids[3] no longer counts
    await expectExact('past the edge')
    const after = await service.storage.board.tabCounts(accountId, { days: 3 })
    expect(after.overdue).toBe(before.overdue - 1)
    expect(after.available).toBe(before.available)
    service.advance(HOUR) // ids[1] too
    await service.storage.board.mergeCounts()
    await expectExact('an hour later, merged')
    expect((await service.storage.board.tabCounts(accountId, { days: 3 })).overdue).toBe(before.overdue - 2)
    await set(ids[0], 'terminal', 0) // checked again: counts again
    await expectExact('checked again')
    service.advance(9 * 24 * HOUR)
    await service.storage.board.mergeCounts()
    await expectExact('folded after nine days')
  })

  it('declares when a last free day stops counting once, with the contract’s interval', async () => {
    const checked = '2026-03-08T05:30:00.000Z'
    const until = (source: string | null) =>
      run(sql`select lfd_confirmed_until(${checked}::timestamptz, ${source}) as until`)
    const [terminal] = await until('terminal')
    expect(new Date(terminal.until as string).getTime() - Date.parse(checked)).toBe(LFD_CHECK_INTERVAL_MS)
    expect((await until(null))[0].until).not.toBeNull()
    for (const source of ['person', 'document']) expect((await until(source))[0].until).toBeNull()
  })

  it('fills the counts of containers stored before the counts were kept (migration 0027)', async () => {
    await run(sql`delete from board_counts`)
    await run(sql.raw(FILL))
    await expectExact('filled')
  })

  it('fills the empties’ counts of containers picked up before they were kept (migration 0035)', async () => {
    await run(sql`delete from empty_return_counts`)
    await run(sql.raw(FILL_EMPTIES))
    await expectExact('empties filled')
  })
  // the kept counts' ETA edges joined containers to shipments: before the tables' first ANALYZE (a minute
  // after a load on PostgreSQL; never, before, on PGlite) the planner read every shipment once per container
  it('reads a few pages when the planner knows nothing of the tables', async () => {
    const tables = sql`('containers'::regclass, 'shipments'::regclass, 'board_counts'::regclass)`
    await run(sql`delete from pg_statistic where starelid in ${tables}`)
    await run(sql`update pg_class set reltuples = -1, relpages = 0 where oid in ${tables}`)
    try {
      const plan = await service.storage.board.explainTabCounts(accounts[0], { days: 3 })
      const pages = Number(/Buffers: shared hit=(\d+)/.exec(plan.join('\n'))?.[1])
      expect(pages, plan.join('\n')).toBeLessThan(300)
      await expectExact('never analyzed')
    } finally {
      await run(sql`analyze containers, shipments, board_counts`)
    }
  })
})
