import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'
import {
  DOCUMENT_SORT_FIELDS,
  type DocumentFilters,
  type DocumentSort,
  linkedTo,
  linkedToReference,
} from './document-filters'
import { escapeLike } from './like-pattern'
import { paged } from './paged'
import { documents } from './schema'
import type { PageRequest } from './shipment-store'

const { file_bytes: _bytes, ...documentColumns } = getTableColumns(documents)
const lastRepresentationId = sql<
  string | null
>`(select r.id from document_representations r where r.document_id = "documents"."id" order by r.created_at desc, r.id desc limit 1)`
const documentFields = { ...documentColumns, last_document_representation_id: lastRepresentationId }
const NEWEST: DocumentSort = { field: 'created_at', descending: true }

/** Never a discarded one, never the file's bytes. */
export const createDocumentReads = (db: Executor) => {
  const kept = (accountId: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(documents.account_id, accountId), eq(documents.discarded, false), ...conditions)
  return {
    async list(accountId: string, filters: DocumentFilters, page: PageRequest, sort: DocumentSort = NEWEST) {
      const condition = kept(
        accountId,
        filters.fileName ? ilike(documents.file_name, `%${escapeLike(filters.fileName)}%`) : undefined,
        filters.documentTypes?.length ? inArray(documents.document_type, filters.documentTypes) : undefined,
        filters.reference ? linkedToReference(filters.reference) : undefined,
        filters.shipmentId ? linkedTo('shipment', filters.shipmentId) : undefined,
        filters.containerId ? linkedTo('container', filters.containerId) : undefined,
      )
      const column = DOCUMENT_SORT_FIELDS[sort.field]
      const direction = sort.descending ? desc : asc
      return paged(
        db
          .select(documentFields)
          .from(documents)
          .where(condition)
          .orderBy(sql`${column} is null`, direction(column), direction(documents.id))
          .limit(page.size)
          .offset((page.number - 1) * page.size),
        db.select({ total: count() }).from(documents).where(condition),
      )
    },
    byIds: (accountId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(documentFields)
            .from(documents)
            .where(kept(accountId, inArray(documents.id, ids))),
    bySubmissionIds: (accountId: string, submissionIds: string[]) =>
      submissionIds.length === 0
        ? Promise.resolve([])
        : db
            .select(documentFields)
            .from(documents)
            .where(kept(accountId, inArray(documents.email_submission_id, submissionIds)))
            .orderBy(documents.created_at),
    async file(accountId: string, id: string) {
      const [row] = await db
        .select({
          sha256: documents.file_sha256,
          size: documents.file_size_bytes,
          name: documents.file_name,
          type: documents.file_content_type,
        })
        .from(documents)
        .where(kept(accountId, eq(documents.id, id)))
      return row?.sha256 ? { ...row, sha256: row.sha256 } : undefined
    },
    async byFileHash(accountId: string, sha256: string) {
      const [row] = await db
        .select({ id: documents.id, name: documents.name })
        .from(documents)
        .where(kept(accountId, eq(documents.file_sha256, sha256)))
        .limit(1)
      return row
    },
  }
}
