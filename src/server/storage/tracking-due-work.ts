import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm'
import type { Executor } from './database'
import { shipments, trackingRequests } from './schema'

const ACTIVE_REQUEST_STATUSES = ['pending', 'awaiting_manifest']

/** Each locked while one worker takes it. */
export const createTrackingDueWork = (db: Executor) => ({
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

  /** Another worker skips it. */
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
})
