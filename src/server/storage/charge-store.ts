import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { ChargeGrouping } from '../../contract/charges-summary'
import type { Executor } from './database'
import { iso } from './iso-time'
import { containers as c, parties as p, shipments as s, terminals as t } from './schema'

const DAY = 86_400_000
/** Wider than any zone's offset: the route decides each container's days in its own zone. */
const MARGIN = 2 * DAY

export type ChargeWindow = { from: Date; toEnd: Date; group: ChargeGrouping; partyId?: string }

const left = sql<Date | null>`coalesce(${c.pod_full_out_at}, ${c.final_destination_full_out_at}, ${c.empty_terminated_at})`

/** Containers that may have charged days in the window: free time over before it ends, not gone before it began. */
const candidates = (db: Executor, accountId: string, w: ChargeWindow) =>
  db
    .select({
      groupId: w.group === 'customer' ? s.customer_id : c.pod_terminal_id,
      groupName:
        w.group === 'customer' ? sql<string | null>`coalesce(${p.company_name}, ${s.customer_name})` : t.name,
      tariff: t.demurrage_tariff,
      pickup_lfd: c.pickup_lfd,
      pod_timezone: c.pod_timezone,
      final_destination_timezone: c.final_destination_timezone,
      import_deadlines: c.import_deadlines,
      pod_discharged_at: c.pod_discharged_at,
      pod_full_out_at: c.pod_full_out_at,
      final_destination_full_out_at: c.final_destination_full_out_at,
      empty_terminated_at: c.empty_terminated_at,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.shipment_id))
    .leftJoin(t, eq(t.id, c.pod_terminal_id))
    .leftJoin(p, eq(p.id, s.customer_id))
    .where(
      and(
        eq(c.account_id, accountId),
        eq(s.account_id, accountId),
        w.partyId ? eq(s.customer_id, w.partyId) : undefined,
        isNotNull(c.pod_discharged_at),
        lt(c.pickup_lfd, new Date(w.toEnd.getTime() + MARGIN)),
        sql`(${left} is null or ${left} >= ${new Date(w.from.getTime() - MARGIN).toISOString()})`,
      ),
    )

/** Times as the container document writes them, so the contract's day rules read both alike. */
const asAttributes = (row: Awaited<ReturnType<typeof candidates>>[number]) => ({
  pickup_lfd: iso(row.pickup_lfd),
  pod_timezone: row.pod_timezone,
  final_destination_timezone: row.final_destination_timezone,
  import_deadlines: row.import_deadlines,
  pod_discharged_at: iso(row.pod_discharged_at),
  pod_full_out_at: iso(row.pod_full_out_at),
  final_destination_full_out_at: iso(row.final_destination_full_out_at),
  empty_terminated_at: iso(row.empty_terminated_at),
})

export type ChargeCandidate = Awaited<ReturnType<ReturnType<typeof createChargeStore>['candidates']>>[number]

export const createChargeStore = (db: Executor) => ({
  candidates: async (accountId: string, window: ChargeWindow) =>
    (await candidates(db, accountId, window)).map((row) => ({
      groupId: row.groupId,
      groupName: row.groupName,
      tariff: row.tariff,
      attributes: asAttributes(row),
    })),
})
