import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { ListFilterValues } from '../../contract/list-query'
import type { VESSEL_MAP_LIST } from '../../contract/vessel-map-query'
import type { Executor } from './database'
import { containers as c, shipments as s } from './schema'
import { keptVesselCounts, mergeVesselCounts } from './vessel-counts'

/** The map's filters the store reads; `state` is the route's, from each container's forecast. */
export type MapFilters = Partial<Omit<ListFilterValues<typeof VESSEL_MAP_LIST>, 'carrying' | 'state'>>

/** Walks the `shipments_account_sailing` index. */
const aboardQuery = (db: Executor, accountId: string, filters: MapFilters) =>
  db
    .select({
      containerId: c.id,
      onHold: sql<boolean>`jsonb_array_length(${c.holds_at_pod_terminal}) > 0`,
      shipmentId: s.id,
      vesselId: s.sailing_vessel_id,
      podEtaAt: s.pod_eta_at,
      podOriginalEtaAt: s.pod_original_eta_at,
    })
    .from(s)
    .innerJoin(c, eq(c.shipment_id, s.id))
    .where(
      and(
        eq(s.account_id, accountId),
        filters.vessel ? eq(s.sailing_vessel_id, filters.vessel) : isNotNull(s.sailing_vessel_id),
        eq(c.account_id, accountId),
        isNull(c.pod_discharged_at),
        filters.carrier ? eq(s.shipping_line_scac, filters.carrier.toUpperCase()) : undefined,
        filters.customer ? eq(s.customer_id, filters.customer) : undefined,
        filters.tag ? sql`${s.tags} @> ${JSON.stringify([filters.tag])}::jsonb` : undefined,
        filters.pod ? eq(s.port_of_discharge_locode, filters.pod.toUpperCase()) : undefined,
      ),
    )

const sailing = (accountId: string, partyId?: string) =>
  and(
    eq(s.account_id, accountId),
    isNotNull(s.sailing_vessel_id),
    partyId ? eq(s.customer_id, partyId) : undefined,
  )

export const createVesselMapStore = (db: Executor) => ({
  aboard: (accountId: string, filters: MapFilters) => aboardQuery(db, accountId, filters),

  /** Each vessel's containers aboard, kept by triggers; the map's filters other than the vessel need `aboard`. */
  keptCounts: (accountId: string, vesselId?: string) => keptVesselCounts(db, accountId, vesselId),

  mergeCounts: () => mergeVesselCounts(db),

  /** `partyId`: a customer's, so another party's shipments never show their ports. */
  legs: (accountId: string, partyId?: string) =>
    db
      .selectDistinctOn([s.sailing_vessel_id], { vesselId: s.sailing_vessel_id, leg: s.sailing_leg })
      .from(s)
      .where(sailing(accountId, partyId))
      .orderBy(s.sailing_vessel_id, sql`(${s.sailing_leg}->>'departAt')::bigint desc`),

  legEnds: (accountId: string, partyId?: string) =>
    db
      .selectDistinctOn([s.sailing_vessel_id, sql`${s.sailing_leg}->>'to'`], {
        vesselId: s.sailing_vessel_id,
        leg: s.sailing_leg,
      })
      .from(s)
      .where(sailing(accountId, partyId)),

  /** For the benchmark and the note. */
  async explainAboard(accountId: string, filters: MapFilters = {}) {
    const result = await db.execute<Record<string, string>>(
      sql`explain (analyze, buffers) ${aboardQuery(db, accountId, filters)}`,
    )
    return result.rows.map((row) => Object.values(row)[0])
  },
})
