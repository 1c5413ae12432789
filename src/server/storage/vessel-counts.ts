import { sql } from 'drizzle-orm'
import type { Executor } from './database'
import { vesselCounts as k } from './schema'

/** The map's `container_counts` of one vessel; `delayed` leaves out what is on hold, as the map's states do. */
export type VesselCounts = { vesselId: string; aboard: number; onHold: number; delayed: number }

/** From the rows the triggers keep (migration 0032): a sum over a few rows per vessel, not every container at sea. */
export async function keptVesselCounts(db: Executor, accountId: string, vesselId?: string) {
  const result = await db.execute<Record<string, string | number>>(sql`select ${k.vessel_id} as vessel_id,
      sum(${k.n})::int as aboard,
      coalesce(sum(${k.n}) filter (where ${k.on_hold}), 0)::int as on_hold,
      coalesce(sum(${k.n}) filter (where ${k.delayed} and not ${k.on_hold}), 0)::int as delayed
    from ${k}
    where ${k.account_id} = ${accountId} ${vesselId ? sql`and ${k.vessel_id} = ${vesselId}` : sql``}
    group by ${k.vessel_id} having sum(${k.n}) <> 0`)
  return result.rows.map(
    (row): VesselCounts => ({
      vesselId: String(row.vessel_id),
      aboard: Number(row.aboard),
      onHold: Number(row.on_hold),
      delayed: Number(row.delayed),
    }),
  )
}

/** As `mergeBoardCounts`: rows appended meanwhile are not in this statement's view. */
export async function mergeVesselCounts(db: Executor) {
  const pending = await db.execute<{ pending: boolean }>(
    sql`select exists (select 1 from ${k} where not ${k.merged}) as pending`,
  )
  if (!pending.rows[0]?.pending) return
  await db.execute(sql`with gone as (delete from ${k} returning *)
    insert into ${k} (account_id, vessel_id, on_hold, delayed, merged, n)
    select account_id, vessel_id, on_hold, delayed, true, sum(n)
    from gone group by 1, 2, 3, 4 having sum(n) <> 0`)
}
