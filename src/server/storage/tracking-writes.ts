import { eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { changeEvents, containers, rawEvents, shipments, trackingRequests, transportEvents } from './schema'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

export const createTrackingWrites = (db: Executor) => ({
  containersOfShipment: (shipmentId: string) =>
    db.select().from(containers).where(eq(containers.shipment_id, shipmentId)),

  async insertShipment(shipment: Insert<typeof shipments>, rows: Insert<typeof containers>[]) {
    await db.insert(shipments).values(shipment)
    if (rows.length > 0) await db.insert(containers).values(rows)
  },

  /** Answers only the new facts, to announce. */
  insertNewTransportEvents: (rows: Insert<typeof transportEvents>[]) =>
    rows.length === 0
      ? Promise.resolve([])
      : db.insert(transportEvents).values(rows).onConflictDoNothing().returning(),

  insertNewChangeEvents: (rows: Insert<typeof changeEvents>[]) =>
    rows.length === 0
      ? Promise.resolve([])
      : db.insert(changeEvents).values(rows).onConflictDoNothing().returning(),

  /** The carrier's row keeps its id as it moves from estimated to actual. */
  async upsertRawEvents(rows: Insert<typeof rawEvents>[]) {
    if (rows.length === 0) return
    await db
      .insert(rawEvents)
      .values(rows)
      .onConflictDoUpdate({
        target: rawEvents.id,
        set: {
          index: sql`excluded.index`,
          timestamp: sql`excluded.timestamp`,
          estimated: sql`excluded.estimated`,
          actual_on: sql`excluded.actual_on`,
          estimated_on: sql`excluded.estimated_on`,
          actual_at: sql`excluded.actual_at`,
          estimated_at: sql`excluded.estimated_at`,
          created_at: sql`excluded.created_at`,
        },
      })
  },

  async updateContainer(id: string, changes: Partial<Insert<typeof containers>>) {
    await db.update(containers).set(changes).where(eq(containers.id, id))
  },

  async updateShipment(id: string, changes: Partial<Insert<typeof shipments>>) {
    await db.update(shipments).set(changes).where(eq(shipments.id, id))
  },

  async updateTrackingRequest(id: string, changes: Partial<Insert<typeof trackingRequests>>) {
    const [row] = await db
      .update(trackingRequests)
      .set(changes)
      .where(eq(trackingRequests.id, id))
      .returning()
    return row
  },
})
