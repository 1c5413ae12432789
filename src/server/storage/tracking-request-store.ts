import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm'
import type { ListFilterValues } from '../../contract/list-query'
import type { TRACKING_REQUEST_LIST } from '../../contract/tracking-request-list-query'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { paged } from './paged'
import { trackingRequests } from './schema'
import type { PageRequest } from './shipment-store'

export type TrackingRequest = typeof trackingRequests.$inferSelect
export type NewTrackingRequest = typeof trackingRequests.$inferInsert
export type TrackingRequestFilters = Partial<ListFilterValues<typeof TRACKING_REQUEST_LIST>>

export const createTrackingRequestStore = (db: Executor, now: () => Date) => ({
  async list(accountId: string, filters: TrackingRequestFilters, page: PageRequest) {
    const where: (SQL | undefined)[] = [eq(trackingRequests.account_id, accountId)]
    if (filters.q) {
      const pattern = `%${escapeLike(filters.q.trim())}%`
      where.push(or(ilike(trackingRequests.request_number, pattern), ilike(trackingRequests.scac, pattern)))
    }
    if (filters.number) where.push(eq(trackingRequests.request_number, filters.number.trim()))
    if (filters.status) where.push(eq(trackingRequests.status, filters.status))
    if (filters.carrier) where.push(eq(trackingRequests.scac, filters.carrier.toUpperCase()))
    if (filters.created_from) where.push(gte(trackingRequests.created_at, filters.created_from))
    if (filters.created_to) where.push(lte(trackingRequests.created_at, filters.created_to))
    if (filters.updated_from) where.push(gte(trackingRequests.updated_at, filters.updated_from))
    if (filters.updated_to) where.push(lte(trackingRequests.updated_at, filters.updated_to))
    const condition = and(...where)
    return paged(
      db
        .select()
        .from(trackingRequests)
        .where(condition)
        .orderBy(desc(trackingRequests.created_at), desc(trackingRequests.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(trackingRequests).where(condition),
    )
  },

  async get(accountId: string, id: string) {
    const [row] = await db
      .select()
      .from(trackingRequests)
      .where(and(eq(trackingRequests.account_id, accountId), eq(trackingRequests.id, id)))
    return row
  },

  byIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(trackingRequests)
          .where(and(eq(trackingRequests.account_id, accountId), inArray(trackingRequests.id, ids))),

  async findActive(accountId: string, requestNumber: string, scac: string) {
    const [row] = await db
      .select()
      .from(trackingRequests)
      .where(
        and(
          eq(trackingRequests.account_id, accountId),
          eq(trackingRequests.request_number, requestNumber),
          eq(trackingRequests.scac, scac),
          inArray(trackingRequests.status, ['pending', 'awaiting_manifest', 'created']),
        ),
      )
      .limit(1)
    return row
  },

  async create(values: NewTrackingRequest) {
    const [row] = await db
      .insert(trackingRequests)
      .values({ created_at: now(), updated_at: now(), ...values })
      .returning()
    return row
  },

  async update(accountId: string, id: string, changes: Partial<NewTrackingRequest>) {
    const [row] = await db
      .update(trackingRequests)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(trackingRequests.account_id, accountId), eq(trackingRequests.id, id)))
      .returning()
    return row
  },
})
