import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { inUuids, preparedPer } from './prepared'
import { containers } from './schema'

export type Container = typeof containers.$inferSelect
export type NewContainer = typeof containers.$inferInsert

/** The reads every container and shipment document makes, as named statements. */
const statementsOf = preparedPer((db) => {
  const account = eq(containers.account_id, sql.placeholder('account'))
  const ofShipments = and(account, inUuids(containers.shipment_id, 'ids'))
  return {
    get: db
      .select()
      .from(containers)
      .where(and(account, eq(containers.id, sql.placeholder('id'))))
      .prepare('container_by_id'),
    byIds: db
      .select()
      .from(containers)
      .where(and(account, inUuids(containers.id, 'ids')))
      .prepare('containers_by_ids'),
    byShipmentIds: db
      .select()
      .from(containers)
      .where(ofShipments)
      .orderBy(containers.number)
      .prepare('containers_by_shipment_ids'),
    idsByShipmentIds: db
      .select({ id: containers.id, shipment_id: containers.shipment_id })
      .from(containers)
      .where(ofShipments)
      .orderBy(containers.number)
      .prepare('container_ids_by_shipment_ids'),
  }
})

export const createContainerStore = (db: Executor, now: () => Date) => ({
  /** The account's containers with these numbers. */
  byNumbers: (accountId: string, numbers: string[]) =>
    numbers.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: containers.id })
          .from(containers)
          .where(
            and(
              eq(containers.account_id, accountId),
              inArray(
                containers.number,
                numbers.map((n) => n.trim().toUpperCase()),
              ),
            ),
          ),

  async updateRefNumbers(accountId: string, id: string, refNumbers: string[]) {
    const [row] = await db
      .update(containers)
      .set({ ref_numbers: refNumbers, updated_at: now() })
      .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
      .returning()
    return row
  },

  async get(accountId: string, id: string) {
    const [row] = await statementsOf(db).get.execute({ account: accountId, id })
    return row
  },

  byIds: (accountId: string, ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : statementsOf(db).byIds.execute({ account: accountId, ids }),

  byShipmentIds: (accountId: string, shipmentIds: string[]) =>
    shipmentIds.length === 0
      ? Promise.resolve([])
      : statementsOf(db).byShipmentIds.execute({ account: accountId, ids: shipmentIds }),

  /** Each shipment's container ids, by number: a shipment's `containers` linkage. */
  idsByShipmentIds: (accountId: string, shipmentIds: string[]) =>
    shipmentIds.length === 0
      ? Promise.resolve([])
      : statementsOf(db).idsByShipmentIds.execute({ account: accountId, ids: shipmentIds }),

  async update(accountId: string, id: string, changes: Partial<NewContainer>) {
    const [row] = await db
      .update(containers)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
      .returning()
    return row
  },
})
