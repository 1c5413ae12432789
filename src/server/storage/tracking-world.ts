import { asc, eq, max } from 'drizzle-orm'
import type { Executor } from './database'
import { ports, shipments, terminals, vesselPositions, vessels } from './schema'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

export const createTrackingWorld = (db: Executor) => ({
  async moveVessel(position: Insert<typeof vesselPositions>) {
    await db
      .update(vessels)
      .set({
        latitude: position.latitude,
        longitude: position.longitude,
        navigational_heading_degrees: position.heading,
        nautical_speed_knots: position.speed_knots,
        position_timestamp: position.timestamp,
      })
      .where(eq(vessels.id, position.vessel_id))
    await db.insert(vesselPositions).values(position).onConflictDoNothing()
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
