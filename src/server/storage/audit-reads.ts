import { and, count, desc, eq, getTableColumns, gte, inArray, lte, or, sql } from 'drizzle-orm'
import type { AUDIT_EVENT_LIST } from '../../contract/audit-event-list-query'
import type { ListFilterValues } from '../../contract/list-query'
import type { Executor } from './database'
import { paged } from './paged'
import { auditEvents } from './schema'
import type { PageRequest } from './shipment-store'

export type AuditEventFilter = Partial<ListFilterValues<typeof AUDIT_EVENT_LIST>>

const { id: _id, ...rest } = getTableColumns(auditEvents)
// JSON:API ids are strings; the bigserial is cast here so the rows render as they are
const columns = { id: sql<string>`${auditEvents.id}::text`.as('id'), ...rest }
export type AuditEventRow = {
  [K in keyof typeof rest]: (typeof auditEvents.$inferSelect)[K]
} & { id: string }

/** What a non-admin may read: `types` in full, and the events on themself, their keys and passkeys. */
export type AuditReader = { types: string[]; userId?: string }

const readable = (reader: AuditReader | undefined) =>
  reader &&
  or(
    inArray(auditEvents.target_type, reader.types),
    reader.userId
      ? and(eq(auditEvents.target_type, 'user'), eq(auditEvents.target_id, reader.userId))
      : undefined,
    reader.userId
      ? and(inArray(auditEvents.target_type, ['api_key', 'passkey']), eq(auditEvents.actor_id, reader.userId))
      : undefined,
  )

const where = (accountId: string, filter: AuditEventFilter, reader?: AuditReader) =>
  and(
    eq(auditEvents.account_id, accountId),
    readable(reader),
    filter.target_type ? eq(auditEvents.target_type, filter.target_type) : undefined,
    filter.target_id ? eq(auditEvents.target_id, filter.target_id) : undefined,
    filter.actor_id ? eq(auditEvents.actor_id, filter.actor_id) : undefined,
    filter.occurred_from ? gte(auditEvents.occurred_at, filter.occurred_from) : undefined,
    filter.occurred_to ? lte(auditEvents.occurred_at, filter.occurred_to) : undefined,
  )

/** Reads only: nothing here, nor anywhere, edits or deletes an event. */
export const createAuditReads = (db: Executor) => ({
  list(accountId: string, filter: AuditEventFilter, page: PageRequest, reader?: AuditReader) {
    const condition = where(accountId, filter, reader)
    return paged<AuditEventRow>(
      db
        .select(columns)
        .from(auditEvents)
        .where(condition)
        .orderBy(desc(auditEvents.occurred_at), desc(auditEvents.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(auditEvents).where(condition),
    )
  },
  byIds(accountId: string, ids: string[]) {
    const numeric = ids.filter((id) => /^\d{1,18}$/.test(id)).map(Number)
    if (numeric.length === 0) return Promise.resolve([] as AuditEventRow[])
    return db
      .select(columns)
      .from(auditEvents)
      .where(and(eq(auditEvents.account_id, accountId), inArray(auditEvents.id, numeric))) as Promise<
      AuditEventRow[]
    >
  },
})
