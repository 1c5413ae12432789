import { eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { inUuids, preparedPer } from './prepared'
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

type RawMoves = Pick<Insert<typeof rawEvents>, 'id' | (typeof RAW_MOVES)[number]>

/** Of the ids a tick offers, those already stored: by primary key, one text for any number of them. */
const storedOf = preparedPer((db) => ({
  transport: db
    .select({ id: transportEvents.id })
    .from(transportEvents)
    .where(inUuids(transportEvents.id, 'ids'))
    .prepare('transport_events_stored'),
  change: db
    .select({ id: changeEvents.id })
    .from(changeEvents)
    .where(inUuids(changeEvents.id, 'ids'))
    .prepare('change_events_stored'),
  raw: db
    .select({
      id: rawEvents.id,
      ...Object.fromEntries(RAW_MOVES.map((column) => [column, rawEvents[column]])),
    })
    .from(rawEvents)
    .where(inUuids(rawEvents.id, 'ids'))
    .prepare('raw_events_stored'),
}))

const idsOf = (rows: { id?: string }[]) => rows.map((row) => row.id as string)
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null))
/** Unchanged only when every moving column reads the same; anything unsure is offered, and the upsert decides. */
const unchanged = (offered: RawMoves, stored: RawMoves | undefined) =>
  stored !== undefined &&
  RAW_MOVES.every((column) => comparable(offered[column]) === comparable(stored[column]))

/**
 * A tick offers a voyage's every fact, and nearly all are stored already. Building a statement of every
 * offered row was most of the engine's CPU, so only the new ones (and the moved raw events) are written.
 */
export const createTrackingWrites = (db: Executor) => ({
  containersOfShipment: (shipmentId: string) =>
    db.select().from(containers).where(eq(containers.shipment_id, shipmentId)),

  async insertShipment(shipment: Insert<typeof shipments>, rows: Insert<typeof containers>[]) {
    await db.insert(shipments).values(shipment)
    if (rows.length > 0) await db.insert(containers).values(rows)
  },

  /** Answers only the new facts, to announce. */
  async insertNewTransportEvents(offered: Insert<typeof transportEvents>[]) {
    const rows = await unstored(offered, (ids) => storedOf(db).transport.execute({ ids }))
    return rows.length === 0 ? [] : db.insert(transportEvents).values(rows).onConflictDoNothing().returning()
  },

  async insertNewChangeEvents(offered: Insert<typeof changeEvents>[]) {
    const rows = await unstored(offered, (ids) => storedOf(db).change.execute({ ids }))
    return rows.length === 0 ? [] : db.insert(changeEvents).values(rows).onConflictDoNothing().returning()
  },

  /**
   * The carrier's row keeps its id as it moves from estimated to actual. Each tick offers a voyage's every row:
   * only those that moved are written, so the rest keep their version (and their kept texts) and leave no dead row.
   */
  async upsertRawEvents(offered: Insert<typeof rawEvents>[]) {
    if (offered.length === 0) return
    const stored = new Map(
      ((await storedOf(db).raw.execute({ ids: idsOf(offered) })) as RawMoves[]).map((row) => [row.id, row]),
    )
    const rows = offered.filter((row) => !unchanged(row, stored.get(row.id as string)))
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

/** Rows without an id are always new (the column's default names them). */
async function unstored<Row extends { id?: string }>(
  offered: Row[],
  stored: (ids: string[]) => Promise<{ id: string }[]>,
) {
  const named = offered.filter((row) => row.id !== undefined)
  if (named.length === 0) return offered
  const known = new Set((await stored(idsOf(named))).map((row) => row.id))
  return offered.filter((row) => row.id === undefined || !known.has(row.id))
}
