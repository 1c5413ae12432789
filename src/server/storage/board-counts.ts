import { type SQL, sql } from 'drizzle-orm'
import {
  ARRIVING_WITHIN_DAYS,
  BOARD_TABS,
  type BoardTab,
  HOLD_ATTENTION_DAYS,
} from '../../contract/container-board'
import type { Executor } from './database'
import { preparedSql } from './prepared'
import { containers as c, emptyReturnCounts as e, boardCounts as k, shipments as s } from './schema'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Older than this, a last free day is past in every calendar and an ETA out of the window for good. */
const SETTLED_MS = 8 * DAY
const LONG_AGO = new Date(0).toISOString()

export type KeptCounts = Record<BoardTab, number> & { total: number }

const hourOf = (ms: number) => Math.floor(ms / HOUR) * HOUR
const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`

type KeptValues = ReturnType<typeof keptValues>
type KeptParams = Record<keyof KeptValues, unknown>

/** The statement's values at `now`: the account, the instants it compares with, and the days the board asks for. */
const keptValues = (accountId: string, now: Date, lfdWithinDays: number) => {
  const at = now.getTime()
  const [from, to] = [at - ARRIVING_WITHIN_DAYS * DAY, at + ARRIVING_WITHIN_DAYS * DAY]
  const [fromHour, toHour] = [hourOf(from), hourOf(to)]
  const text = (ms: number) => new Date(ms).toISOString()
  return {
    account: accountId,
    at: text(at),
    from: text(from),
    fromHour: text(fromHour),
    fromHourEnd: text(fromHour + HOUR),
    toHour: text(toHour),
    to: text(to),
    days: lfdWithinDays,
  }
}

type Counted = 'total' | BoardTab

/** Each count's expression over the kept rows `keptSql` reads (migration 0027). */
const keptColumns = (p: KeptParams): Record<Counted, SQL> => {
  const time = (value: unknown) => sql`${value}::timestamptz`
  const days = sql.raw('days')
  // `lfdConfirmedSql` on the kept rows: the trigger stored `lfd_confirmed_until` (migration 0032)
  const confirmed = sql`(lfd_confirmed_until is null or lfd_confirmed_until >= ${time(p.at)})`
  // Driven from each ETA range of the shipments' index, their containers counted per shipment: a join let the
  // planner, before the tables' first ANALYZE, scan every shipment for each container (100 ms at 300 shipments).
  const edge = (from: unknown, to: unknown, below: 'lt' | 'le') =>
    sql`(select coalesce(sum((select count(*) from ${c}
        where ${c.shipment_id} = ${s.id} and ${c.account_id} = ${s.account_id} and ${c.pod_arrived_at} is null)), 0)
      from ${s} where ${s.account_id} = ${p.account} and ${s.pod_ata_at} is null
        and ${s.pod_eta_at} >= ${time(from)} and ${s.pod_eta_at} ${sql.raw(below === 'lt' ? '<' : '<=')} ${time(to)})`
  const edges = sql`${edge(p.from, p.fromHourEnd, 'lt')} + ${edge(p.toHour, p.to, 'le')}`
  const sum = (where: SQL) => sql`coalesce(sum(n) filter (where ${where}), 0)::int`
  return {
    total: sum(sql`eta_hour is null`),
    attention: sum(
      sql`(on_hold and ${days} <= ${HOLD_ATTENTION_DAYS} and ${confirmed}) or (${days} < 0 and ${confirmed}) or accruing`,
    ),
    on_hold: sum(sql`on_hold`),
    available: sum(
      sql`available and (pickup_lfd is null or ${confirmed}) and not coalesce(${days} < 0 and ${confirmed}, false)`,
    ),
    lfd_soon: sum(sql`${days} between 0 and ${p.days}::int and ${confirmed}`),
    overdue: sum(sql`${days} < 0 and ${confirmed}`),
    arriving: sql`(coalesce(sum(n) filter (where eta_hour > ${time(p.fromHour)} and eta_hour < ${time(p.toHour)}), 0) + ${edges})::int`,
    done: sum(sql`done`),
    ...emptyColumns(p),
  }
}

/**
 * The named counts, from the rows the triggers keep: a sum over a few rows per day and per ETA hour, not every
 * container. A tab's page asks for its own count alone: the whole row's day arithmetic in each row's zone,
 * the ETA window's edges and the empties were most of its database time.
 */
const keptSql = (p: KeptParams, names: readonly Counted[] = ['total', ...BOARD_TABS]) => {
  const columns = keptColumns(p)
  const select = sql`select ${sql.join(
    names.map((name) => sql`${columns[name]} as ${sql.identifier(name)}`),
    sql`, `,
  )}`
  // the empties' counts read their own table: over the kept rows they would make a row of each
  if (names.every((name) => name === 'empty_due' || name === 'empty_overdue')) return select
  return sql`${select}
  from (select n, done, on_hold, available, accruing, eta_hour, pickup_lfd, lfd_confirmed_until,
      (pickup_lfd at time zone lfd_zone)::date - (${sql`${p.at}::timestamptz`} at time zone lfd_zone)::date as days
    from ${k} where ${k.account_id} = ${p.account} offset 0) kept`
}

/** The empties out (migration 0034), as `tabCondition`'s `empty_due` and `empty_overdue`. */
const emptyColumns = (p: KeptParams) => {
  const days = sql`((${e.deadline} at time zone ${e.return_zone})::date - (${p.at}::timestamptz at time zone ${e.return_zone})::date)`
  const sum = (where: ReturnType<typeof sql>) =>
    sql`(select coalesce(sum(${e.n}) filter (where ${where}), 0)::int from ${e} where ${e.account_id} = ${p.account})`
  return { empty_due: sum(sql`${days} between 0 and ${p.days}::int`), empty_overdue: sum(sql`${days} < 0`) }
}

/** With its values written in, for EXPLAIN. */
export const keptStatement = (accountId: string, now: Date, lfdWithinDays: number) =>
  keptSql(keptValues(accountId, now, lfdWithinDays))

const placeholders = Object.fromEntries(
  Object.keys(keptValues('', new Date(0), 0)).map((name) => [name, sql.placeholder(name)]),
) as KeptParams
const keptPrepared = preparedSql<Record<string, number | string>>('board_kept_counts', keptSql(placeholders))
const keptOnePrepared = Object.fromEntries(
  (['total', ...BOARD_TABS] as const).map((name) => [
    name,
    preparedSql<Record<string, number | string>>(`board_kept_count_${name}`, keptSql(placeholders, [name])),
  ]),
) as Record<Counted, ReturnType<typeof preparedSql<Record<string, number | string>>>>

export async function keptBoardCounts(db: Executor, accountId: string, now: Date, lfdWithinDays: number) {
  const [row] = await keptPrepared(db, keptValues(accountId, now, lfdWithinDays))
  const counts = Object.fromEntries(BOARD_TABS.map((tab) => [tab, Number(row[tab])]))
  return { ...counts, total: Number(row.total) } as KeptCounts
}

/** One tab's kept count (or the board's total), as `keptBoardCounts` has it. */
export async function keptBoardCount(
  db: Executor,
  accountId: string,
  now: Date,
  lfdWithinDays: number,
  name: Counted,
) {
  const [row] = await keptOnePrepared[name](db, keptValues(accountId, now, lfdWithinDays))
  return Number(row[name])
}

/** Time only moves forward, so settled days fold into one row; rows appended meanwhile are not in this statement's view. */
export async function mergeBoardCounts(db: Executor, now: Date) {
  const pending = await db.execute<{ board: boolean; empty: boolean }>(
    sql`select exists (select 1 from ${k} where not ${k.merged}) as board,
      exists (select 1 from ${e} where not ${e.merged}) as empty`,
  )
  const settled = iso(now.getTime() - SETTLED_MS)
  if (pending.rows[0]?.empty) await mergeEmptyReturnCounts(db, settled)
  if (!pending.rows[0]?.board) return
  await db.execute(sql`with gone as (delete from ${k} returning *)
    insert into ${k} (account_id, done, on_hold, available, accruing, lfd_zone, pickup_lfd, lfd_confirmed_until, eta_hour, merged, n)
    select account_id, done, on_hold, available, accruing, lfd_zone,
      case when pickup_lfd < ${settled} then ${LONG_AGO}::timestamptz else pickup_lfd end,
      case when lfd_confirmed_until < ${settled} then ${LONG_AGO}::timestamptz else lfd_confirmed_until end,
      case when eta_hour < ${settled} then ${LONG_AGO}::timestamptz else eta_hour end,
      true, sum(n)
    from gone group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having sum(n) <> 0`)
}

/** A deadline settled in the past is overdue in every zone: those fold into one row. */
async function mergeEmptyReturnCounts(db: Executor, settled: ReturnType<typeof sql>) {
  await db.execute(sql`with gone as (delete from ${e} returning *)
    insert into ${e} (account_id, return_zone, deadline, merged, n)
    select account_id, case when deadline < ${settled} then 'UTC' else return_zone end,
      case when deadline < ${settled} then ${LONG_AGO}::timestamptz else deadline end, true, sum(n)
    from gone group by 1, 2, 3 having sum(n) <> 0`)
}
