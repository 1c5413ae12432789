import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { removeFromMirror } from './mirror-removal'
import { relatedId, rowFromAttributes, type UpstreamResource } from './mirror-rows'
import {
  containers,
  rawEvents,
  type SailingLeg,
  shipments,
  trackingRequests,
  vesselPositions,
  vessels,
} from './schema'

const UUID = /^[0-9a-f-]{36}$/i
const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => !!v && UUID.test(v))),
]

const sailingNow = sql`${shipments.pol_atd_at} is not null and ${shipments.pod_ata_at} is null and ${shipments.line_tracking_stopped_at} is null`

const rawEventRows = (db: Executor) => ({
  async rawEvents(accountId: string, resources: UpstreamResource[]) {
    const wanted = unique(resources.map((r) => relatedId(r, 'container')))
    if (wanted.length === 0) return 0
    const own = new Set(
      (
        await db
          .select({ id: containers.id })
          .from(containers)
          .where(and(eq(containers.account_id, accountId), inArray(containers.id, wanted)))
      ).map((r) => r.id),
    )
    const vesselIds = await existingVessels(
      db,
      resources.map((r) => relatedId(r, 'vessel')),
    )
    const rows = resources.flatMap((r) => {
      const row = rowFromAttributes(rawEvents, r)
      const container = relatedId(r, 'container')
      const vessel = relatedId(r, 'vessel')
      if (!container || !own.has(container) || !UUID.test(r.id)) return []
      const event = typeof r.attributes?.event === 'string' ? r.attributes.event : null
      return [
        {
          index: 0,
          ...row,
          original_event: (row.original_event as string | undefined) ?? event ?? 'unknown',
          id: r.id,
          account_id: accountId,
          container_id: container,
          vessel_id: vessel && vesselIds.has(vessel) ? vessel : null,
        },
      ]
    })
    if (rows.length === 0) return 0
    const keys = Object.keys(getTableColumns(rawEvents)).filter((k) => k !== 'id' && rows.some((r) => k in r))
    await db
      .insert(rawEvents)
      .values(rows as never)
      .onConflictDoUpdate({
        target: rawEvents.id,
        set: Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${k}"`)])),
        where: eq(rawEvents.account_id, sql.raw('excluded."account_id"')),
      })
    return rows.length
  },
})

const vesselRows = (db: Executor) => ({
  /** Vessels are shared reference data: one already known by IMO keeps its id. */
  async vessel(resource: UpstreamResource) {
    const row = rowFromAttributes(vessels, resource)
    if (typeof row.name !== 'string' || !UUID.test(resource.id)) return undefined
    const [byImo] = row.imo
      ? await db
          .select({ id: vessels.id })
          .from(vessels)
          .where(eq(vessels.imo, row.imo as string))
      : []
    const id = byImo?.id ?? resource.id
    await db
      .insert(vessels)
      .values({ ...row, id } as never)
      .onConflictDoUpdate({ target: vessels.id, set: row })
    const { latitude, longitude, position_timestamp: at } = row as Record<string, never>
    if (latitude !== undefined && longitude !== undefined && at)
      await db
        .insert(vesselPositions)
        .values({
          vessel_id: id,
          timestamp: at,
          latitude,
          longitude,
          heading: row.navigational_heading_degrees as number | null,
          speed_knots: row.nautical_speed_knots as number | null,
        })
        .onConflictDoNothing()
    return id
  },
})

const legRows = (db: Executor) => ({
  async legInputs(accountId: string, ids: string[]) {
    const wanted = unique(ids)
    if (wanted.length === 0) return []
    const rows = await db
      .select({
        id: shipments.id,
        sailing: sql<boolean>`${sailingNow}`,
        polLocode: shipments.port_of_lading_locode,
        podLocode: shipments.port_of_discharge_locode,
        polAtdAt: shipments.pol_atd_at,
        podEtaAt: shipments.pod_eta_at,
        podOriginalEtaAt: shipments.pod_original_eta_at,
        voyageNumber: shipments.pod_voyage_number,
        vesselImo: shipments.pod_vessel_imo,
        current: shipments.sailing_leg,
      })
      .from(shipments)
      .where(and(eq(shipments.account_id, accountId), inArray(shipments.id, wanted)))
    const events = await db
      .select({
        shipmentId: containers.shipment_id,
        event: rawEvents.event,
        estimated: rawEvents.estimated,
        timestamp: rawEvents.timestamp,
        locode: rawEvents.location_locode,
        vesselId: rawEvents.vessel_id,
        vesselImo: rawEvents.vessel_imo,
        voyageNumber: rawEvents.voyage_number,
      })
      .from(rawEvents)
      .innerJoin(containers, eq(containers.id, rawEvents.container_id))
      .where(
        and(
          eq(rawEvents.account_id, accountId),
          inArray(containers.shipment_id, wanted),
          isNull(rawEvents.invalidated_at),
        ),
      )
      .orderBy(asc(rawEvents.timestamp), asc(rawEvents.index))
    const imos = [...new Set([...rows, ...events].map((r) => r.vesselImo).filter((v): v is string => !!v))]
    const vesselIds = unique(events.map((e) => e.vesselId))
    const vesselRows =
      imos.length + vesselIds.length === 0
        ? []
        : await db
            .select({ id: vessels.id, name: vessels.name, imo: vessels.imo })
            .from(vessels)
            .where(
              or(
                imos.length ? inArray(vessels.imo, imos) : undefined,
                vesselIds.length ? inArray(vessels.id, vesselIds) : undefined,
              ),
            )
    return rows.map((row) => ({
      ...row,
      events: events.filter((e) => e.shipmentId === row.id),
      vessels: vesselRows,
    }))
  },

  async setLegs(accountId: string, legs: { shipmentId: string; leg: SailingLeg | null }[]) {
    for (const { shipmentId, leg } of legs)
      await db
        .update(shipments)
        .set({ sailing_vessel_id: leg?.vessel.id ?? null, sailing_leg: leg })
        .where(and(eq(shipments.account_id, accountId), eq(shipments.id, shipmentId)))
  },
})

const voyageLookups = (db: Executor) => ({
  async knownVessels(ids: string[], imos: string[]) {
    const wantedIds = unique(ids)
    const wantedImos = [...new Set(imos.filter(Boolean))]
    if (wantedIds.length + wantedImos.length === 0) return new Set<string>()
    const rows = await db
      .select({ id: vessels.id, imo: vessels.imo })
      .from(vessels)
      .where(
        or(
          wantedIds.length ? inArray(vessels.id, wantedIds) : undefined,
          wantedImos.length ? inArray(vessels.imo, wantedImos) : undefined,
        ),
      )
    return new Set(rows.flatMap((r) => (r.imo ? [r.id, r.imo] : [r.id])))
  },

  async clearLanded(accountId: string) {
    await db
      .update(shipments)
      .set({ sailing_vessel_id: null, sailing_leg: null })
      .where(
        and(
          eq(shipments.account_id, accountId),
          eq(shipments.source, 'upstream'),
          isNotNull(shipments.sailing_vessel_id),
          sql`not (${sailingNow})`,
        ),
      )
  },

  async sailingIds(accountId: string) {
    const rows = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          eq(shipments.account_id, accountId),
          eq(shipments.source, 'upstream'),
          or(sql`${sailingNow}`, isNotNull(shipments.sailing_vessel_id)),
        ),
      )
    return rows.map((r) => r.id)
  },

  async vesselsDue(accountId: string, before: Date, limit: number) {
    return db
      .selectDistinct({ id: vessels.id, imo: vessels.imo })
      .from(shipments)
      .innerJoin(vessels, eq(vessels.id, shipments.sailing_vessel_id))
      .where(
        and(
          eq(shipments.account_id, accountId),
          eq(shipments.source, 'upstream'),
          isNotNull(shipments.sailing_vessel_id),
          or(isNull(vessels.position_timestamp), lt(vessels.position_timestamp, before)),
        ),
      )
      .limit(limit)
  },
})

const mirrorUpkeep = (db: Executor) => ({
  async unseen(accountId: string, list: 'shipments' | 'tracking_requests', before: Date, limit: number) {
    const table = list === 'shipments' ? shipments : trackingRequests
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.account_id, accountId),
          eq(table.source, 'upstream'),
          lt(table.upstream_checked_at, before),
        ),
      )
      .limit(limit)
    return rows.map((r) => r.id)
  },

  remove: (accountId: string, list: 'shipments' | 'tracking_requests', ids: string[], at: Date) =>
    removeFromMirror(db, accountId, list, ids, at),
})

/** The upstream has no legs, so each shipment's is worked out here from raw events and vessels. */
export const createMirrorVoyageStore = (db: Executor) => ({
  ...rawEventRows(db),
  ...vesselRows(db),
  ...legRows(db),
  ...voyageLookups(db),
  ...mirrorUpkeep(db),
})

async function existingVessels(db: Executor, ids: (string | null)[]) {
  const wanted = unique(ids)
  if (wanted.length === 0) return new Set<string>()
  const rows = await db.select({ id: vessels.id }).from(vessels).where(inArray(vessels.id, wanted))
  return new Set(rows.map((r) => r.id))
}

export type LegInput = Awaited<ReturnType<ReturnType<typeof createMirrorVoyageStore>['legInputs']>>[number]
