import { and, eq, inArray, or, type SQL } from 'drizzle-orm'
import { removeValueWithHistory } from './custom-field-history'
import type { Executor } from './database'
import { containers, customFieldValues, shipments, trackingRequests } from './schema'

type Removable = 'shipments' | 'tracking_requests'
const v = customFieldValues

function removeValuesOn(db: Executor, accountId: string, at: Date, on: SQL | undefined) {
  if (!on) return Promise.resolve(false)
  return removeValueWithHistory(db, at, and(eq(v.account_id, accountId), on) as SQL, null)
}

const valuesOf = (entityType: string, ids: string[]) =>
  ids.length ? and(eq(v.entity_type, entityType), inArray(v.entity_id, ids)) : undefined

async function removeTrackingRequests(db: Executor, accountId: string, ids: string[], at: Date) {
  const gone = await db
    .delete(trackingRequests)
    .where(and(eq(trackingRequests.account_id, accountId), inArray(trackingRequests.id, ids)))
    .returning({ id: trackingRequests.id })
  await removeValuesOn(
    db,
    accountId,
    at,
    valuesOf(
      'TrackingRequest',
      gone.map((r) => r.id),
    ),
  )
  return gone.length
}

async function removeShipments(db: Executor, accountId: string, ids: string[], at: Date) {
  await db
    .update(trackingRequests)
    .set({ shipment_id: null })
    .where(and(eq(trackingRequests.account_id, accountId), inArray(trackingRequests.shipment_id, ids)))
  // read before the shipments go: their containers go with them (on delete cascade)
  const boxes = await db
    .select({ id: containers.id, shipmentId: containers.shipment_id })
    .from(containers)
    .where(and(eq(containers.account_id, accountId), inArray(containers.shipment_id, ids)))
  const gone = await db
    .delete(shipments)
    .where(
      and(eq(shipments.account_id, accountId), eq(shipments.source, 'upstream'), inArray(shipments.id, ids)),
    )
    .returning({ id: shipments.id })
  const goneIds = new Set(gone.map((r) => r.id))
  const goneBoxes = boxes.filter((box) => goneIds.has(box.shipmentId)).map((box) => box.id)
  const on = [valuesOf('Shipment', [...goneIds]), valuesOf('Cargo', goneBoxes)].filter(Boolean) as SQL[]
  await removeValuesOn(db, accountId, at, on.length ? or(...on) : undefined)
  return gone.length
}

/** Values on what is removed go too, kept in their history as removed: the record that they were set stays. */
export function removeFromMirror(db: Executor, accountId: string, list: Removable, ids: string[], at: Date) {
  if (ids.length === 0) return Promise.resolve(0)
  return list === 'tracking_requests'
    ? removeTrackingRequests(db, accountId, ids, at)
    : removeShipments(db, accountId, ids, at)
}
