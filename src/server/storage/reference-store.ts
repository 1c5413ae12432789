import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm'
import type { Executor } from './database'
import { inUuids, preparedPer } from './prepared'
import { ports, shippingLines, terminals, vesselPositions, vessels } from './schema'

export type Port = typeof ports.$inferSelect
export type Terminal = typeof terminals.$inferSelect
export type Vessel = typeof vessels.$inferSelect
export type ShippingLine = typeof shippingLines.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

/** A document's included places: one text and kept plan for any number of ids, not a statement built and planned each time. */
const byIdsOf = preparedPer((db) => ({
  ports: db.select().from(ports).where(inUuids(ports.id, 'ids')).prepare('ports_by_ids'),
  terminals: db.select().from(terminals).where(inUuids(terminals.id, 'ids')).prepare('terminals_by_ids'),
  vessels: db.select().from(vessels).where(inUuids(vessels.id, 'ids')).prepare('vessels_by_ids'),
}))

/** Shared reference data, the same for every account. */
export const createReferenceStore = (db: Executor) => ({
  portsByIds: (ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : byIdsOf(db).ports.execute({ ids }),
  async portByIdOrCode(idOrCode: string) {
    const [row] = await db
      .select()
      .from(ports)
      .where(isUuid(idOrCode) ? eq(ports.id, idOrCode) : eq(ports.code, idOrCode.toUpperCase()))
    return row
  },
  /** A few hundred rows at most. */
  allPorts: () => db.select().from(ports).orderBy(asc(ports.code)),
  terminalsByIds: (ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : byIdsOf(db).terminals.execute({ ids }),
  terminalsByPortIds: (portIds: string[]) =>
    portIds.length === 0
      ? Promise.resolve([])
      : db.select().from(terminals).where(inArray(terminals.port_id, portIds)),
  vesselsByIds: (ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : byIdsOf(db).vessels.execute({ ids }),
  async vesselByIdOrImo(idOrImo: string) {
    const [row] = await db
      .select()
      .from(vessels)
      .where(isUuid(idOrImo) ? or(eq(vessels.id, idOrImo)) : eq(vessels.imo, idOrImo))
    return row
  },
  positionsOf: (vesselId: string, from: Date, to: Date) =>
    db
      .select()
      .from(vesselPositions)
      .where(
        and(
          eq(vesselPositions.vessel_id, vesselId),
          gte(vesselPositions.timestamp, from),
          lte(vesselPositions.timestamp, to),
        ),
      )
      .orderBy(asc(vesselPositions.timestamp))
      .limit(5000),
  shippingLines: () => db.select().from(shippingLines).orderBy(asc(shippingLines.name)),
  async shippingLineByScac(scac: string) {
    const [row] = await db.select().from(shippingLines).where(eq(shippingLines.scac, scac.toUpperCase()))
    return row
  },
  shippingLinesByIds: (ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.select().from(shippingLines).where(inArray(shippingLines.id, ids)),
})
