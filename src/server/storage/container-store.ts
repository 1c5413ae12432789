import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from './database'
import { containers } from './schema'

export type Container = typeof containers.$inferSelect
export type NewContainer = typeof containers.$inferInsert

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
    const [row] = await db
      .select()
      .from(containers)
      .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
    return row
  },

  byIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(containers)
          .where(and(eq(containers.account_id, accountId), inArray(containers.id, ids))),

  byShipmentIds: (accountId: string, shipmentIds: string[]) =>
    shipmentIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(containers)
          .where(and(eq(containers.account_id, accountId), inArray(containers.shipment_id, shipmentIds)))
          .orderBy(containers.number),

  async update(accountId: string, id: string, changes: Partial<NewContainer>) {
    const [row] = await db
      .update(containers)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
      .returning()
    return row
  },
})
