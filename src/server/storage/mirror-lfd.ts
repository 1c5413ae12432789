import { and, eq, inArray } from 'drizzle-orm'
import type { LfdFacts } from '../../contract/lfd-sources'
import type { Executor } from './database'
import { lfdColumns } from './lfd-columns'
import { containers } from './schema'

type Row = Record<string, unknown>

const FACTS = {
  import_deadlines: containers.import_deadlines,
  terminal_checked_at: containers.terminal_checked_at,
  rail_last_tracking_request_at: containers.rail_last_tracking_request_at,
  shipment_last_tracking_request_at: containers.shipment_last_tracking_request_at,
  pod_rail_carrier_scac: containers.pod_rail_carrier_scac,
  ind_rail_carrier_scac: containers.ind_rail_carrier_scac,
  lfd_sources: containers.lfd_sources,
  pickup_lfd: containers.pickup_lfd,
}

/** As every other writer keeps them; where no source counts, the upstream's own `pickup_lfd` stays, of no known source. */
export async function withLfdSources(db: Executor, accountId: string, rows: Row[]) {
  const ids = rows.map((row) => row.id as string)
  const kept = ids.length
    ? await db
        .select({ id: containers.id, ...FACTS })
        .from(containers)
        .where(and(eq(containers.account_id, accountId), inArray(containers.id, ids)))
    : []
  const before = new Map(kept.map((row) => [row.id, row]))
  return rows.map((row) => {
    const was = before.get(row.id as string)
    const facts = { ...was, ...row } as LfdFacts & { pickup_lfd?: Date | null }
    const columns = lfdColumns(facts)
    return columns.pickup_lfd_source
      ? { ...row, ...columns }
      : { ...row, ...columns, pickup_lfd: facts.pickup_lfd ?? null }
  })
}
