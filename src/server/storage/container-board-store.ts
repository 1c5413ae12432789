import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import {
  ARRIVING_WITHIN_DAYS,
  BOARD_TABS,
  type BoardTab,
  HOLD_ATTENTION_DAYS,
} from '../../contract/container-board'
import type { Executor } from './database'
import { paged } from './paged'
import { containers as c, shipments as s } from './schema'
import type { PageRequest } from './shipment-store'

/** What the board's `sort` may name, and the column each orders by. */
export const BOARD_SORT_FIELDS = {
  pickup_lfd: c.pickup_lfd,
  pod_eta_at: s.pod_eta_at,
  number: c.number,
  created_at: c.created_at,
} as const
export type BoardSort = { field: keyof typeof BOARD_SORT_FIELDS; descending: boolean }

export type BoardQuery = {
  tab?: BoardTab
  /** N for the "LFD within N days" tab. */
  lfdWithinDays: number
  hold?: string
  terminalId?: string
  scac?: string
  customerId?: string
  tag?: string
  sort?: BoardSort
}

const DAY = 86_400_000
const waiting = sql`${c.pod_discharged_at} is not null and ${c.pod_full_out_at} is null and ${c.final_destination_full_out_at} is null and ${c.empty_terminated_at} is null`
const done = sql`(${c.pod_full_out_at} is not null or ${c.final_destination_full_out_at} is not null or ${c.empty_terminated_at} is not null)`
// the last free day counts in the rail ramp's calendar when the railroad set it, else the port's
const lfdZone = sql`(case when ${c.import_deadlines}->>'pickup_lfd_rail' is not null then coalesce(${c.final_destination_timezone}, ${c.pod_timezone}, 'UTC') else coalesce(${c.pod_timezone}, 'UTC') end)`
const onHold = sql`jsonb_array_length(${c.holds_at_pod_terminal}) > 0 and not ${c.available_for_pickup}`
const accruing = sql`exists (select 1 from jsonb_array_elements(${c.fees_at_pod_terminal}) fee where fee->>'type' in ('demurrage', 'extended_dwell_time') and (fee->>'amount')::numeric > 0)`

/**
 * Each tab as SQL, the same rule as `boardTabsOf` in the contract. The ranges on `pickup_lfd` are looser
 * than the day arithmetic and only let the index narrow the rows; the day arithmetic decides.
 */
function tabCondition(tab: BoardTab, now: Date, lfdWithinDays: number): SQL {
  const at = (offsetMs: number) => sql`${new Date(now.getTime() + offsetMs).toISOString()}::timestamptz`
  const daysLeft = sql`((${c.pickup_lfd} at time zone ${lfdZone})::date - (${at(0)} at time zone ${lfdZone})::date)`
  const overdue = sql`${c.pickup_lfd} < ${at(0)} and ${daysLeft} < 0`
  switch (tab) {
    case 'attention':
      return sql`${waiting} and ((${onHold} and ${c.pickup_lfd} < ${at((HOLD_ATTENTION_DAYS + 2) * DAY)} and ${daysLeft} <= ${HOLD_ATTENTION_DAYS}) or (${overdue}) or ${accruing})`
    case 'on_hold':
      return sql`${waiting} and ${onHold}`
    case 'available':
      return sql`${waiting} and ${c.available_for_pickup}`
    case 'lfd_soon':
      return sql`${waiting} and ${c.pickup_lfd} >= ${at(-2 * DAY)} and ${c.pickup_lfd} < ${at((lfdWithinDays + 2) * DAY)} and ${daysLeft} between 0 and ${lfdWithinDays}`
    case 'overdue':
      return sql`${waiting} and ${overdue}`
    case 'arriving':
      return sql`${c.pod_arrived_at} is null and ${s.pod_ata_at} is null and ${s.pod_eta_at} between ${at(-ARRIVING_WITHIN_DAYS * DAY)} and ${at(ARRIVING_WITHIN_DAYS * DAY)}`
    case 'done':
      return done
  }
}

/** The filters every tab shares: the account, and the hold, terminal, carrier, customer and tag asked for. */
function filtersFor(accountId: string, query: BoardQuery) {
  return and(
    eq(c.account_id, accountId),
    query.hold
      ? sql`${c.holds_at_pod_terminal} @> ${JSON.stringify([{ name: query.hold }])}::jsonb`
      : undefined,
    query.terminalId ? eq(c.pod_terminal_id, query.terminalId) : undefined,
    query.scac ? eq(s.shipping_line_scac, query.scac.toUpperCase()) : undefined,
    query.customerId ? eq(s.customer_id, query.customerId) : undefined,
    query.tag ? sql`${s.tags} @> ${JSON.stringify([query.tag])}::jsonb` : undefined,
  )
}

/** The most urgent first: by last free day on the tabs about it, by ETA for arrivals, newest otherwise. */
const DEFAULT_SORT: Record<BoardTab | 'none', BoardSort> = {
  attention: { field: 'pickup_lfd', descending: false },
  on_hold: { field: 'pickup_lfd', descending: false },
  available: { field: 'pickup_lfd', descending: false },
  lfd_soon: { field: 'pickup_lfd', descending: false },
  overdue: { field: 'pickup_lfd', descending: false },
  arriving: { field: 'pod_eta_at', descending: false },
  done: { field: 'created_at', descending: true },
  none: { field: 'created_at', descending: true },
}

/** Rows without a value come last either way; the id breaks ties so pages never overlap. */
const orderFor = (sort: BoardSort) => {
  const column = BOARD_SORT_FIELDS[sort.field]
  const direction = sort.descending ? desc : asc
  const order = [direction(column), direction(c.id)]
  // a column that is never empty orders as its index does
  return column.notNull ? order : [sql`${column} is null`, ...order]
}

const joined = sql`${c} inner join ${s} on ${s.id} = ${c.shipment_id}`

export const createContainerBoardStore = (db: Executor, now: () => Date) => ({
  /** One page of the board: containers in the tab (or all of them) that pass the filters, with the total. */
  async list(accountId: string, query: BoardQuery, page: PageRequest) {
    const at = now()
    const where = and(
      filtersFor(accountId, query),
      query.tab ? tabCondition(query.tab, at, query.lfdWithinDays) : undefined,
    )
    const sort = query.sort ?? DEFAULT_SORT[query.tab ?? 'none']
    return paged(
      db
        .select(getTableColumns(c))
        .from(c)
        .innerJoin(s, eq(s.id, c.shipment_id))
        .where(where)
        .orderBy(...orderFor(sort))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(c).innerJoin(s, eq(s.id, c.shipment_id)).where(where),
    )
  },

  /** How many containers each tab holds under the same filters, in one statement. */
  async tabCounts(accountId: string, query: BoardQuery): Promise<Record<BoardTab, number>> {
    const at = now()
    const filters = filtersFor(accountId, query)
    const counts = BOARD_TABS.map(
      (tab) =>
        sql`(select count(*)::int from ${joined} where ${filters} and ${tabCondition(tab, at, query.lfdWithinDays)}) as ${sql.identifier(tab)}`,
    )
    const result = await db.execute(sql`select ${sql.join(counts, sql`, `)}`)
    const [row] = (result as unknown as { rows: Record<BoardTab, number | string>[] }).rows
    return Object.fromEntries(BOARD_TABS.map((tab) => [tab, Number(row[tab])])) as Record<BoardTab, number>
  },
})
