import { asc, max, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { ports, shipments, terminals, vesselPositions, vessels } from './schema'

type VesselPosition = (typeof vesselPositions)['$inferInsert']

export const createTrackingWorld = (db: Executor) => ({
  /**
   * One statement for the whole fleet: the engine reports every vessel each quarter hour, and a statement per
   * vessel (two, with its track) cost a catch-up tick most of its time.
   */
  async moveVessels(timestamp: Date, positions: Omit<VesselPosition, 'timestamp'>[]) {
    if (positions.length === 0) return
    const at = timestamp.toISOString()
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(positions)}::jsonb)
          as v(vessel_id uuid, latitude float8, longitude float8, heading float8, speed_knots float8)
      ), moved as (
        update ${vessels} set latitude = v.latitude, longitude = v.longitude,
          navigational_heading_degrees = v.heading, nautical_speed_knots = v.speed_knots,
          position_timestamp = ${at}::timestamptz
        from v where ${vessels.id} = v.vessel_id
      )
      insert into ${vesselPositions} (vessel_id, timestamp, latitude, longitude, heading, speed_knots)
      select vessel_id, ${at}::timestamptz, latitude, longitude, heading, speed_knots from v
      on conflict do nothing`)
  },

  /** Where a fast-forwarded clock resumes. */
  async simulatedUntil() {
    const [row] = await db.select({ latest: max(shipments.updated_at) }).from(shipments)
    const latest = row?.latest ? new Date(row.latest) : undefined
    return latest && latest.getTime() > Date.now() ? latest : new Date()
  },

  async planningRows() {
    const [portRows, terminalRows, vesselRows] = await Promise.all([
      db.select().from(ports),
      db
        .select({ id: terminals.id, port_id: terminals.port_id, tariff: terminals.demurrage_tariff })
        .from(terminals),
      db
        .select({ id: vessels.id, name: vessels.name, imo: vessels.imo })
        .from(vessels)
        .orderBy(asc(vessels.name)),
    ])
    return { portRows, terminalRows, vesselRows }
  },
})
