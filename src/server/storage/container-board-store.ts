import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, fillPlaceholders, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import {
  ARRIVING_WITHIN_DAYS,
  BOARD_TABS,
  type BoardTab,
  HOLD_ATTENTION_DAYS,
} from '../../contract/container-board'
import type { BoardFilters, BoardSort } from '../../contract/container-board-query'
import {
  type KeptCounts,
  keptBoardCount,
  keptBoardCounts,
  keptStatement,
  mergeBoardCounts,
} from './board-counts'
import { type KeyedContainer, keyedContainerColumns, type ShownContainer } from './container-store'
import type { Executor } from './database'
import { paged } from './paged'
import { preparedPer } from './prepared'
import { containers as c, emptyDayEnds, lfdCountsUntil, shipments as s } from './schema'
import type { PageRequest } from './shipment-store'

const BOARD_SORT_COLUMNS: Record<BoardSort['field'], PgColumn> = {
  pickup_lfd: c.pickup_lfd,
  pod_eta_at: s.pod_eta_at,
  number: c.number,
  created_at: c.created_at,
  empty_return_deadline: c.empty_return_deadline,
  appointment: c.next_appointment_at,
}

export type BoardQuery = Partial<BoardFilters> & { days: number; sort?: BoardSort }

type Narrowing = Exclude<keyof BoardFilters, 'tab' | 'days'>

/** A filter declared in `BOARD_LIST` does not type-check until it has its condition here. */
const CONDITIONS: {
  [K in Narrowing]: { shipment?: true; where: (value: NonNullable<BoardFilters[K]>) => SQL }
} = {
  hold: { where: (hold) => sql`${c.holds_at_pod_terminal} @> ${JSON.stringify([{ name: hold }])}::jsonb` },
  terminal: { where: (id) => eq(c.pod_terminal_id, id) },
  // the next appointment still to happen, so one index serves pickups, deliveries and returns
  appointment_from: { where: (from) => gte(c.next_appointment_at, from) },
  appointment_to: { where: (to) => lte(c.next_appointment_at, to) },
  carrier: { shipment: true, where: (scac) => eq(s.shipping_line_scac, scac.toUpperCase()) },
  customer: { shipment: true, where: (id) => eq(s.customer_id, id) },
  tag: { shipment: true, where: (tag) => sql`${s.tags} @> ${JSON.stringify([tag])}::jsonb` },
}

const narrowingsOf = (query: BoardQuery) =>
  (Object.keys(CONDITIONS) as Narrowing[]).flatMap((name) => {
    const value = query[name]
    return value ? [{ ...CONDITIONS[name], where: CONDITIONS[name].where(value as never) }] : []
  })

const DAY = 86_400_000
// a date no earlier than today's, in its own zone, is after that zone's midnight: at most 25 hours ago (a day
// the clocks go back), so the index starts there and not at the overdue ones of the day before
const TODAY_BEGAN_WITHIN = 26 * 3_600_000
// what an upgrade of the time zone data may have moved a day's end that migration 0045's index keeps
const ZONE_RULES_ROOM = 3 * 3_600_000
const waiting = sql`${c.pod_discharged_at} is not null and ${c.pod_full_out_at} is null and ${c.final_destination_full_out_at} is null and ${c.empty_terminated_at} is null`
const done = sql`(${c.pod_full_out_at} is not null or ${c.final_destination_full_out_at} is not null or ${c.empty_terminated_at} is not null)`
// the last free day counts in the rail ramp's calendar when the railroad set it, else the port's
const lfdZone = sql`(case when ${c.import_deadlines}->>'pickup_lfd_rail' is not null then coalesce(${c.final_destination_timezone}, ${c.pod_timezone}, 'UTC') else coalesce(${c.pod_timezone}, 'UTC') end)`
const onHold = sql`jsonb_array_length(${c.holds_at_pod_terminal}) > 0 and not ${c.available_for_pickup}`
// containment first: it is cheap, and most containers have no daily charges to look into
const accruing = sql`(${c.fees_at_pod_terminal} @> '[{"type":"demurrage"}]' or ${c.fees_at_pod_terminal} @> '[{"type":"extended_dwell_time"}]') and exists (select 1 from jsonb_array_elements(${c.fees_at_pod_terminal}) fee where fee->>'type' in ('demurrage', 'extended_dwell_time') and (fee->>'amount')::numeric > 0)`

// picked up with a deadline and not yet returned; its days count where it was picked up (`returnZoneOf`,
// kept by migration 0034's trigger as a zone the database knows)
const emptyOut = sql`${c.empty_return_deadline} is not null and ${c.empty_terminated_at} is null`
const returnZone = sql`coalesce(${c.empty_return_zone}, 'UTC')`

/** Never, for a container without a last free day: ordered as `nulls last`, and an index can range over it (0042). */
const lfdOrNever = sql`coalesce(${c.pickup_lfd}, 'infinity'::timestamptz)`

/**
 * The contract's `lfdUnconfirmed`, negated, true too without a last free day: migration 0044's `lfd_counts_until`,
 * written as its indexes hold it, so the available and LFD-soon pages pass over unconfirmed ones in the index.
 */
const lfdConfirmedSql = (now: SQL) => sql`${lfdCountsUntil(c)} >= ${now}`

/** A time as a value, or as a prepared statement's parameter and offsets from it, so one text serves every request. */
type Moment = Date | SQL | ReturnType<typeof sql.placeholder>
const momentOf = (now: Moment) => (offsetMs: number) => {
  if (now instanceof Date) return sql`${new Date(now.getTime() + offsetMs).toISOString()}::timestamptz`
  const base = sql`${now}::timestamptz`
  return offsetMs === 0 ? base : sql`(${base} + ${sql.raw(`interval '${offsetMs / 1000} seconds'`)})`
}

/** `boardTabsOf` as SQL; the looser `pickup_lfd` ranges only let the index narrow, the day arithmetic decides. */
export function tabCondition(tab: BoardTab, now: Moment, lfdWithinDays: number): SQL {
  const at = momentOf(now)
  const daysLeft = sql`((${c.pickup_lfd} at time zone ${lfdZone})::date - (${at(0)} at time zone ${lfdZone})::date)`
  const confirmed = lfdConfirmedSql(at(0))
  const overdue = sql`${c.pickup_lfd} < ${at(0)} and ${daysLeft} < 0 and ${confirmed}`
  const emptyDaysLeft = sql`((${c.empty_return_deadline} at time zone ${returnZone})::date - (${at(0)} at time zone ${returnZone})::date)`
  switch (tab) {
    case 'attention':
      return sql`${waiting} and ((${onHold} and ${c.pickup_lfd} < ${at((HOLD_ATTENTION_DAYS + 2) * DAY)} and ${daysLeft} <= ${HOLD_ATTENTION_DAYS} and ${confirmed}) or (${overdue}) or ${accruing})`
    case 'on_hold':
      return sql`${waiting} and ${onHold}`
    case 'available':
      // a confirmed last free day before today began in any zone is overdue, and an unconfirmed one is not
      // available: the range lets migration 0042's index start at today instead of at the overdue ones
      return sql`${waiting} and ${c.available_for_pickup} and not coalesce(${overdue}, false) and ${confirmed} and ${lfdOrNever} >= ${at(-TODAY_BEGAN_WITHIN)}`
    case 'lfd_soon':
      return sql`${waiting} and ${c.pickup_lfd} >= ${at(-TODAY_BEGAN_WITHIN)} and ${c.pickup_lfd} < ${at((lfdWithinDays + 2) * DAY)} and ${daysLeft} between 0 and ${lfdWithinDays} and ${confirmed}`
    case 'overdue':
      return sql`${waiting} and ${overdue}`
    case 'arriving':
      return sql`${c.pod_arrived_at} is null and ${s.pod_ata_at} is null and ${s.pod_eta_at} between ${at(-ARRIVING_WITHIN_DAYS * DAY)} and ${at(ARRIVING_WITHIN_DAYS * DAY)}`
    case 'done':
      return done
    case 'empty_due':
      // a deadline whose day ended hours ago where it was picked up is overdue: migration 0045's index
      // passes over it, with room for a zone's rules to have moved, and the day arithmetic decides
      return sql`${emptyOut} and ${c.empty_return_deadline} >= ${at(-TODAY_BEGAN_WITHIN)} and ${c.empty_return_deadline} < ${at((lfdWithinDays + 2) * DAY)} and ${emptyDayEnds(c)} > ${at(-ZONE_RULES_ROOM)} and ${emptyDaysLeft} between 0 and ${lfdWithinDays}`
    case 'empty_overdue':
      // a deadline on an earlier local day is before now, so the index can narrow by it
      return sql`${emptyOut} and ${c.empty_return_deadline} < ${at(0)} and ${emptyDaysLeft} < 0`
  }
}

const readsShipments = (query: BoardQuery, tab: BoardTab | undefined, sort?: BoardSort) =>
  narrowingsOf(query).some((narrowing) => narrowing.shipment) ||
  tab === 'arriving' ||
  sort?.field === 'pod_eta_at'

function filtersFor(accountId: string | Placeholder, query: BoardQuery, joined: boolean) {
  return and(
    eq(c.account_id, accountId),
    // named for the shipment too, so its own indexes can serve the account
    joined ? eq(s.account_id, accountId) : undefined,
    ...narrowingsOf(query).map((narrowing) => narrowing.where),
  )
}

const DEFAULT_SORT: Record<BoardTab | 'none', BoardSort> = {
  attention: { field: 'pickup_lfd', descending: false },
  on_hold: { field: 'pickup_lfd', descending: false },
  available: { field: 'pickup_lfd', descending: false },
  lfd_soon: { field: 'pickup_lfd', descending: false },
  overdue: { field: 'pickup_lfd', descending: false },
  arriving: { field: 'pod_eta_at', descending: false },
  done: { field: 'created_at', descending: true },
  empty_due: { field: 'empty_return_deadline', descending: false },
  empty_overdue: { field: 'empty_return_deadline', descending: false },
  none: { field: 'created_at', descending: true },
}

/** Rows without a value come last either way; the id breaks ties so pages never overlap. */
const orderFor = (sort: BoardSort, tab: BoardTab | undefined) => {
  const column = BOARD_SORT_COLUMNS[sort.field]
  const direction = sort.descending ? desc : asc
  if (tab === 'available' && sort.field === 'pickup_lfd' && !sort.descending)
    return [asc(lfdOrNever), asc(c.id)]
  // a column that is never empty orders as its index does; `nulls last` (not `is null` first) lets the
  // index on the last free day or the ETA give the order, so a tab's first page reads 25 rows, not all
  // a vessel's shipments often share one ETA: ordered by shipment too, as the ETA index is (0038), a page
  // reads its 25 rows instead of sorting every container of that hour
  const ties = sort.field === 'pod_eta_at' ? [direction(c.shipment_id), direction(c.id)] : [direction(c.id)]
  if (column.notNull) return [direction(column), ...ties]
  return [sql`${column} ${sql.raw(sort.descending ? 'desc' : 'asc')} nulls last`, ...ties]
}

const narrowed = (query: BoardQuery) => narrowingsOf(query).length > 0

const countsStatement = (accountId: string, query: BoardQuery, at: Date) => {
  const counts = BOARD_TABS.map((tab) => {
    const joined = readsShipments(query, tab)
    const from = joined ? sql`${c} inner join ${s} on ${s.id} = ${c.shipment_id}` : sql`${c}`
    const where = and(filtersFor(accountId, query, joined), tabCondition(tab, at, query.days))
    return sql`(select count(*)::int from ${from} where ${where}) as ${sql.identifier(tab)}`
  })
  return sql`select ${sql.join(counts, sql`, `)}`
}

/** What the kept counts must always equal. */
async function countedTabs(db: Executor, accountId: string, query: BoardQuery, at: Date) {
  const [row] = (await db.execute<Record<BoardTab, number | string>>(countsStatement(accountId, query, at)))
    .rows
  return Object.fromEntries(BOARD_TABS.map((tab) => [tab, Number(row[tab])])) as Record<BoardTab, number>
}

async function waitingByTerminal(db: Executor, accountId: string, at: Date) {
  const days = 0
  const result = await db.execute<{
    terminal_id: string
    available: number
    on_hold: number
    overdue: number
  }>(sql`
    select ${c.pod_terminal_id} as terminal_id,
      count(*) filter (where ${tabCondition('available', at, days)})::int as available,
      count(*) filter (where ${tabCondition('on_hold', at, days)})::int as on_hold,
      count(*) filter (where ${tabCondition('overdue', at, days)})::int as overdue
    from ${c}
    where ${c.account_id} = ${accountId} and ${waiting} and ${c.pod_terminal_id} is not null
    group by ${c.pod_terminal_id}`)
  return result.rows.map((row) => ({
    ...row,
    available: Number(row.available),
    on_hold: Number(row.on_hold),
    overdue: Number(row.overdue),
  }))
}

type Placeholder = ReturnType<typeof sql.placeholder>

/** A page's keys and versions only: the attribute texts come from memory, or one read of the changed ones. */
function pageKeys(
  db: Executor,
  accountId: string | Placeholder,
  query: BoardQuery,
  page: { limit: number | Placeholder; offset: number | Placeholder },
  at: Moment,
) {
  const sort = query.sort ?? DEFAULT_SORT[query.tab ?? 'none']
  const joined = readsShipments(query, query.tab, sort)
  const where = and(
    filtersFor(accountId, query, joined),
    query.tab ? tabCondition(query.tab, at, query.days) : undefined,
  )
  const withShipment = <T extends PgSelect>(select: T) =>
    joined ? select.innerJoin(s, eq(s.id, c.shipment_id)) : select
  const keys = withShipment(db.select(keyedContainerColumns).from(c).$dynamic())
    .where(where)
    .orderBy(...orderFor(sort, query.tab))
    .limit(page.limit as number)
    .offset(page.offset as number)
  return { keys, withShipment, where }
}

const limitsOf = (page: PageRequest) => ({ limit: page.size, offset: (page.number - 1) * page.size })

/**
 * An unnarrowed page (the board as it opens) runs as a named prepared statement, one a tab, sort and
 * window: building it with drizzle and planning it afresh cost more than reading it.
 */
type PreparedPage = { execute: (values: Record<string, unknown>) => Promise<KeyedContainer[]> }
const preparedPages = preparedPer(() => new Map<string, PreparedPage>())
function preparedPageKeys(db: Executor, accountId: string, query: BoardQuery, page: PageRequest, at: Date) {
  const sort = query.sort ?? DEFAULT_SORT[query.tab ?? 'none']
  const name = `board_page_${query.tab ?? 'all'}_${sort.field}_${sort.descending ? 'desc' : 'asc'}_${query.days}`
  const statements = preparedPages(db)
  let statement = statements.get(name)
  if (!statement) {
    statement = preparedPageQuery(db, query).prepare(name)
    statements.set(name, statement)
  }
  return statement.execute({ account: accountId, now: at.toISOString(), ...limitsOf(page) })
}

/** The page as `preparedPageKeys` prepares it: its values are parameters. */
function preparedPageQuery(db: Executor, query: BoardQuery) {
  const placeholders = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }
  return pageKeys(db, sql.placeholder('account'), query, placeholders, sql.placeholder('now')).keys
}

/** EXPLAIN of a statement's generic plan: PostgreSQL 15 has no `EXPLAIN (GENERIC_PLAN)`, so it is prepared and run so. */
async function explainGeneric(
  db: Executor,
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
) {
  const name = `explained_${randomUUID().replaceAll('-', '')}`
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
  const args = fillPlaceholders(query.params, values).map(literal)
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
    await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`))
    try {
      const result = await tx.execute<Record<string, string>>(
        sql.raw(`explain execute ${name}(${args.join(', ')})`),
      )
      return result.rows.map((row) => Object.values(row)[0])
    } finally {
      await tx.execute(sql.raw(`deallocate ${name}`))
    }
  })
}

type Shown = (accountId: string, rows: KeyedContainer[]) => Promise<ShownContainer[]>

/** `plannedOnce` runs the named statements whose one generic plan serves every request (`Database.plannedOnce`). */
export const createContainerBoardStore = (
  db: Executor,
  now: () => Date,
  shown: Shown,
  plannedOnce: Executor = db,
) => ({
  /** A total already known (the tab's count) is not counted again. */
  async list(accountId: string, query: BoardQuery, page: PageRequest, knownTotal?: number) {
    const at = now()
    if (!narrowed(query)) {
      // unnarrowed, the total is a kept count
      const total =
        knownTotal !== undefined
          ? Promise.resolve([{ total: knownTotal }])
          : keptBoardCount(plannedOnce, accountId, at, query.days, query.tab ?? 'total').then((total) => [
              { total },
            ])
      const rows = preparedPageKeys(plannedOnce, accountId, query, page, at).then((keyed) =>
        shown(accountId, keyed),
      )
      return paged(rows, total)
    }
    // narrowed, the filters' indexes count it
    const { keys, withShipment, where } = pageKeys(db, accountId, query, limitsOf(page), at)
    const total =
      knownTotal !== undefined
        ? Promise.resolve([{ total: knownTotal }])
        : withShipment(db.select({ total: count() }).from(c).$dynamic()).where(where)
    const rows = (keys as Promise<KeyedContainer[]>).then((keyed) => shown(accountId, keyed))
    return paged(rows, total as Promise<{ total: number }[]>)
  },

  async tabCounts(accountId: string, query: BoardQuery): Promise<Record<BoardTab, number>> {
    if (narrowed(query)) return countedTabs(db, accountId, query, now())
    const counts: Partial<KeptCounts> = await keptBoardCounts(plannedOnce, accountId, now(), query.days)
    delete counts.total
    return counts as Record<BoardTab, number>
  },

  waitingByTerminal: (accountId: string) => waitingByTerminal(db, accountId, now()),

  /** Tests compare the kept counts with these. */
  countedTabs: (accountId: string, query: BoardQuery) => countedTabs(db, accountId, query, now()),

  mergeCounts: () => mergeBoardCounts(db, now()),

  /** How a page's keys are read, for tests and the benchmark: an unnarrowed one by the generic plan it runs with. */
  async explainPage(accountId: string, query: BoardQuery, page: PageRequest) {
    if (narrowed(query)) {
      const { keys } = pageKeys(db, accountId, query, limitsOf(page), now())
      const result = await db.execute<Record<string, string>>(sql`explain ${keys.getSQL()}`)
      return result.rows.map((row) => Object.values(row)[0])
    }
    return explainGeneric(plannedOnce, preparedPageQuery(plannedOnce, query).toSQL(), {
      account: accountId,
      now: now().toISOString(),
      ...limitsOf(page),
    })
  },

  /** For the benchmark. */
  async explainTabCounts(accountId: string, query: BoardQuery) {
    const statement = narrowed(query)
      ? countsStatement(accountId, query, now())
      : keptStatement(accountId, now(), query.days)
    const result = await db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${statement}`)
    return result.rows.map((row) => Object.values(row)[0])
  },
})
