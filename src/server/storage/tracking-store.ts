import { and, asc, eq, inArray, isNotNull, isNull, lte, max, sql } from 'drizzle-orm'
import type { Leg } from '../tracking/voyage-plan'
import type { Executor } from './database'
import {
  changeEvents,
  containers,
  ports,
  rawEvents,
  shipments,
  terminals,
  trackingRequests,
  transportEvents,
  vesselPositions,
  vessels,
} from './schema'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']
export type TrackedShipment = typeof shipments.$inferSelect
const ACTIVE_REQUEST_STATUSES = ['pending', 'awaiting_manifest']

/** What the tracking engine reads and writes: due work, new facts, and the state it keeps current. */
export const createTrackingStore = (db: Executor) => ({
  async dueTrackingRequestIds(now: Date, limit: number) {
    const rows = await db
      .select({ id: trackingRequests.id })
      .from(trackingRequests)
      .where(
        and(
          inArray(trackingRequests.status, ACTIVE_REQUEST_STATUSES),
          lte(trackingRequests.next_attempt_at, now),
        ),
      )
      .orderBy(asc(trackingRequests.next_attempt_at))
      .limit(limit)
    return rows.map((r) => r.id)
  },

  async trackingRequest(id: string) {
    const [row] = await db.select().from(trackingRequests).where(eq(trackingRequests.id, id))
    return row
  },

  /** The request, locked for this transaction, if it is still waiting on the line; another worker skips it. */
  async lockDueTrackingRequest(id: string, now: Date) {
    const [row] = await db
      .select()
      .from(trackingRequests)
      .where(
        and(
          eq(trackingRequests.id, id),
          inArray(trackingRequests.status, ACTIVE_REQUEST_STATUSES),
          lte(trackingRequests.next_attempt_at, now),
          isNull(trackingRequests.source),
        ),
      )
      .for('update', { skipLocked: true })
    return row
  },

  async dueShipmentIds(now: Date, limit: number) {
    const rows = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(isNotNull(shipments.next_update_at), lte(shipments.next_update_at, now)))
      .orderBy(asc(shipments.next_update_at))
      .limit(limit)
    return rows.map((r) => r.id)
  },

  async lockDueShipment(id: string, now: Date) {
    const [row] = await db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.id, id),
          lte(shipments.next_update_at, now),
          isNull(shipments.line_tracking_stopped_at),
          // a mirrored shipment moves only when its upstream says so
          isNull(shipments.source),
        ),
      )
      .for('update', { skipLocked: true })
    return row
  },

  containersOfShipment: (shipmentId: string) =>
    db.select().from(containers).where(eq(containers.shipment_id, shipmentId)),

  async insertShipment(shipment: Insert<typeof shipments>, rows: Insert<typeof containers>[]) {
    await db.insert(shipments).values(shipment)
    if (rows.length > 0) await db.insert(containers).values(rows)
  },

  /** Inserts the events not yet stored and answers only those: the new facts to announce. */
  insertNewTransportEvents: (rows: Insert<typeof transportEvents>[]) =>
    rows.length === 0
      ? Promise.resolve([])
      : db.insert(transportEvents).values(rows).onConflictDoNothing().returning(),

  insertNewChangeEvents: (rows: Insert<typeof changeEvents>[]) =>
    rows.length === 0
      ? Promise.resolve([])
      : db.insert(changeEvents).values(rows).onConflictDoNothing().returning(),

  /** Raw events move from estimated to actual as they happen; the carrier's row keeps its id. */
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

  /** The sea legs of voyages under way, across every account: vessels are shared. */
  async legsUnderway(now: Date) {
    const rows = await db
      .select({ legs: sql<Leg[] | null>`${shipments.voyage}->'legs'` })
      .from(shipments)
      .where(and(lte(shipments.pol_etd_at, now), isNull(shipments.pod_ata_at), isNotNull(shipments.voyage)))
    return rows.flatMap((r) => (r.legs ? [{ legs: r.legs }] : []))
  },

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

  /** The latest moment the data has reached: where a fast-forwarded clock resumes. */
  async simulatedUntil() {
    const [row] = await db.select({ latest: max(shipments.updated_at) }).from(shipments)
    const latest = row?.latest ? new Date(row.latest) : undefined
    return latest && latest.getTime() > Date.now() ? latest : new Date()
  },

  /** Every port, terminal and vessel: the reference the planner draws voyages from. */
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
