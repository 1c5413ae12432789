import { and, eq, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm'
import type { ChargeGrouping } from '../../contract/charges-summary'
import type { Executor } from './database'
import { iso } from './iso-time'
import { containers as c, parties as p, shipments as s, terminals as t } from './schema'

const DAY = 86_400_000
/** Wider than any zone's offset: the route decides each container's days in its own zone. */
const MARGIN = 2 * DAY

export type ChargeWindow = { from: Date; toEnd: Date; group: ChargeGrouping; partyId?: string }

/**
 * Containers a page of candidates holds: a page's rows are decoded on the event loop at once, so this bounds
 * that turn to a few milliseconds (and the memory to a page), however many candidates an account has.
 */
const CHARGE_PAGE = 1000

const left = sql<Date | null>`coalesce(${c.pod_full_out_at}, ${c.final_destination_full_out_at}, ${c.empty_terminated_at})`

/** Containers that may have charged days in the window: free time over before it ends, not gone before it began. */
const mayCharge = (accountId: string, w: ChargeWindow) =>
  and(
    eq(c.account_id, accountId),
    eq(s.account_id, accountId),
    w.partyId ? eq(s.customer_id, w.partyId) : undefined,
    isNotNull(c.pod_discharged_at),
    or(
      and(
        lt(c.pickup_lfd, new Date(w.toEnd.getTime() + MARGIN)),
        sql`(${left} is null or ${left} >= ${new Date(w.from.getTime() - MARGIN).toISOString()})`,
      ),
      // the empty's detention: its free time over before the period ends, not returned before it began
      and(
        lt(c.empty_return_deadline, new Date(w.toEnd.getTime() + MARGIN)),
        sql`(${c.empty_terminated_at} is null or ${c.empty_terminated_at} >= ${new Date(w.from.getTime() - MARGIN).toISOString()})`,
      ),
    ),
  )

/**
 * The id that ends the next page: the `size`-th candidate after `after`, in id order (index
 * `containers_account_id`), or none when fewer remain. A page is then a range of ids, read by the same index.
 */
async function pageEnd(
  db: Executor,
  accountId: string,
  w: ChargeWindow,
  after: string | undefined,
  size: number,
) {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .innerJoin(s, eq(s.id, c.shipment_id))
    .where(and(mayCharge(accountId, w), after ? gt(c.id, after) : undefined))
    .orderBy(c.id)
    .offset(size - 1)
    .limit(1)
  return row?.id
}

/**
 * A page of candidates, alike ones grouped. Narrow rows: tariffs and names are read once per terminal and party,
 * not once per container.
 */
const candidates = (
  db: Executor,
  accountId: string,
  w: ChargeWindow,
  after: string | undefined,
  end: string | undefined,
) =>
  db
    .select({
      groupId: w.group === 'customer' ? s.customer_id : c.pod_terminal_id,
      terminalId: c.pod_terminal_id,
      pickup_lfd: c.pickup_lfd,
      pickup_lfd_rail: sql<string | null>`${c.import_deadlines} ->> 'pickup_lfd_rail'`,
      pod_timezone: c.pod_timezone,
      final_destination_timezone: c.final_destination_timezone,
      // only whether it was discharged is read, and the condition below makes that so
      pod_discharged_at: sql<Date>`min(${c.pod_discharged_at})`.mapWith(c.pod_discharged_at),
      pod_full_out_at: c.pod_full_out_at,
      final_destination_full_out_at: c.final_destination_full_out_at,
      empty_terminated_at: c.empty_terminated_at,
      empty_return_deadline: c.empty_return_deadline,
      detention_tariff: c.detention_tariff,
      count: sql<number>`count(*)::int`,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.shipment_id))
    .where(
      and(mayCharge(accountId, w), after ? gt(c.id, after) : undefined, end ? lte(c.id, end) : undefined),
    )
    // containers alike in all the day rules read are priced once: those still waiting share `now`
    .groupBy(
      w.group === 'customer' ? s.customer_id : c.pod_terminal_id,
      c.pod_terminal_id,
      c.pickup_lfd,
      sql`${c.import_deadlines} ->> 'pickup_lfd_rail'`,
      c.pod_timezone,
      c.final_destination_timezone,
      c.pod_full_out_at,
      c.final_destination_full_out_at,
      c.empty_terminated_at,
      c.empty_return_deadline,
      c.detention_tariff,
    )

/** Times as the container document writes them, so the contract's day rules read both alike. */
const asAttributes = (row: Awaited<ReturnType<typeof candidates>>[number]) => ({
  pickup_lfd: iso(row.pickup_lfd),
  pod_timezone: row.pod_timezone,
  final_destination_timezone: row.final_destination_timezone,
  import_deadlines: row.pickup_lfd_rail ? { pickup_lfd_rail: row.pickup_lfd_rail } : null,
  pod_discharged_at: iso(row.pod_discharged_at),
  pod_full_out_at: iso(row.pod_full_out_at),
  final_destination_full_out_at: iso(row.final_destination_full_out_at),
  empty_terminated_at: iso(row.empty_terminated_at),
  empty_return_deadline: iso(row.empty_return_deadline),
  detention_tariff: row.detention_tariff,
})

const present = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))]

async function namesAndTariffs(
  db: Executor,
  accountId: string,
  rows: { groupId: string | null; terminalId: string | null }[],
  group: ChargeGrouping,
) {
  const terminalIds = present(rows.map((row) => row.terminalId))
  const terminals = terminalIds.length
    ? await db
        .select({ id: t.id, name: t.name, tariff: t.demurrage_tariff })
        .from(t)
        .where(inArray(t.id, terminalIds))
    : []
  const partyIds = group === 'customer' ? present(rows.map((row) => row.groupId)) : []
  const parties = partyIds.length
    ? await db
        .select({ id: p.id, name: p.company_name })
        .from(p)
        .where(and(eq(p.account_id, accountId), inArray(p.id, partyIds)))
    : []
  return {
    tariffs: new Map(terminals.map((row) => [row.id, row.tariff])),
    names: new Map<string, string>(
      [...(group === 'terminal' ? terminals : parties)].map((row) => [row.id, row.name]),
    ),
  }
}

type Candidate = {
  groupId: string | null
  groupName: string | null
  tariff: (typeof t.$inferSelect)['demurrage_tariff']
  count: number
  attributes: ReturnType<typeof asAttributes>
}
export type ChargeCandidate = Candidate

export const createChargeStore = (db: Executor) => ({
  /** The candidates a page at a time (grouped within a page), each container in exactly one page. */
  candidatePages: async function* (
    accountId: string,
    window: ChargeWindow,
    size = CHARGE_PAGE,
  ): AsyncGenerator<Candidate[]> {
    let after: string | undefined
    for (;;) {
      const end = await pageEnd(db, accountId, window, after, size)
      const rows = await candidates(db, accountId, window, after, end)
      if (rows.length > 0) {
        const { tariffs, names } = await namesAndTariffs(db, accountId, rows, window.group)
        yield rows.map((row) => ({
          groupId: row.groupId,
          groupName: row.groupId === null ? null : (names.get(row.groupId) ?? null),
          tariff: row.terminalId === null ? null : (tariffs.get(row.terminalId) ?? null),
          count: Number(row.count),
          attributes: asAttributes(row),
        }))
      }
      if (!end) return
      after = end
    }
  },
})
