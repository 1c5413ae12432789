import { eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { changeEvents, containers, rawEvents, shipments, trackingRequests, transportEvents } from './schema'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

/** What of a carrier's raw event changes as it moves from estimated to actual. */
const RAW_MOVES = [
  'index',
  'timestamp',
  'estimated',
  'actual_on',
  'estimated_on',
  'actual_at',
  'estimated_at',
  'created_at',
] as const

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

  /**
   * The carrier's row keeps its id as it moves from estimated to actual. Each tick offers a voyage's every row:
   * only those that moved are written, so the rest keep their version (and their kept texts) and leave no dead row.
   */
  async upsertRawEvents(rows: Insert<typeof rawEvents>[]) {
    if (rows.length === 0) return
    const moving = RAW_MOVES.map((column) => sql.identifier(column))
    await db
      .insert(rawEvents)
      .values(rows)
      .onConflictDoUpdate({
        target: rawEvents.id,
        set: Object.fromEntries(RAW_MOVES.map((column, i) => [column, sql`excluded.${moving[i]}`])),
        setWhere: sql`(${sql.join(
          moving.map((column) => sql`${rawEvents}.${column}`),
          sql`, `,
        )}) is distinct from (${sql.join(
          moving.map((column) => sql`excluded.${column}`),
          sql`, `,
        )})`,
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
