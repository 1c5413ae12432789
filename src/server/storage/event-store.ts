import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from './database'
import { rawEvents, transportEvents } from './schema'

export type TransportEvent = typeof transportEvents.$inferSelect
export type RawEvent = typeof rawEvents.$inferSelect

export const createEventStore = (db: Executor) => ({
  transportByContainerIds: (accountId: string, containerIds: string[]) =>
    containerIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(transportEvents)
          .where(
            and(
              eq(transportEvents.account_id, accountId),
              inArray(transportEvents.container_id, containerIds),
            ),
          )
          .orderBy(asc(transportEvents.timestamp), asc(transportEvents.created_at)),

  transportByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(transportEvents)
          .where(and(eq(transportEvents.account_id, accountId), inArray(transportEvents.id, ids))),

  rawByContainerIds: (accountId: string, containerIds: string[]) =>
    containerIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(rawEvents)
          .where(and(eq(rawEvents.account_id, accountId), inArray(rawEvents.container_id, containerIds)))
          .orderBy(asc(rawEvents.index)),
})
