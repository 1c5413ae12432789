import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { paged } from './paged'
import { documentBlobs, documentLinks, documentRepresentations, documents, emailSubmissions } from './schema'
import type { PageRequest } from './shipment-store'

const { file_bytes: _bytes, ...documentColumns } = getTableColumns(documents)
const lastRepresentationId = sql<
  string | null
>`(select r.id from document_representations r where r.document_id = "documents"."id" order by r.created_at desc, r.id desc limit 1)`
const documentsCount = sql<number>`(select count(*) from documents d where d.email_submission_id = "email_submissions"."id" and not d.discarded)`
const documentFields = { ...documentColumns, last_document_representation_id: lastRepresentationId }
const submissionFields = { ...getTableColumns(emailSubmissions), documents_count: documentsCount }

export type DocumentRow = Omit<typeof documents.$inferSelect, 'file_bytes'> & {
  last_document_representation_id: string | null
}
export type EmailSubmission = typeof emailSubmissions.$inferSelect & { documents_count: number }
export type DocumentRepresentation = typeof documentRepresentations.$inferSelect

/** What a document list can be sorted by, as `sort` names it: `added_by` is the person who added it. */
export const DOCUMENT_SORT_FIELDS = {
  created_at: documents.created_at,
  document_type: documents.document_type,
  added_by: documents.user_id,
} as const
export type DocumentSort = { field: keyof typeof DOCUMENT_SORT_FIELDS; descending: boolean }
const NEWEST: DocumentSort = { field: 'created_at', descending: true }
export type DocumentFilters = { fileName?: string; documentTypes?: string[]; reference?: string }

/** Linked to a shipment with this bill of lading or reference number, or to a container with this number. */
const linkedToReference = (reference: string) => {
  const token = reference.trim().toUpperCase()
  return sql`exists (select 1 from document_links l
    left join shipments s on l.entity_type = 'shipment' and s.id = l.entity_id
    left join containers c on l.entity_type = 'container' and c.id = l.entity_id
    where l.document_id = ${documents.id}
      and (s.normalized_number = ${token} or s.ref_numbers ? ${reference.trim()} or c.number = ${token}))`
}

export const createDocumentStore = (db: Executor, now: () => Date) => ({
  async listSubmissions(accountId: string, page: PageRequest) {
    const where = eq(emailSubmissions.account_id, accountId)
    return paged(
      db
        .select(submissionFields)
        .from(emailSubmissions)
        .where(where)
        .orderBy(desc(emailSubmissions.created_at), desc(emailSubmissions.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(emailSubmissions).where(where),
    )
  },
  submissionsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(submissionFields)
          .from(emailSubmissions)
          .where(and(eq(emailSubmissions.account_id, accountId), inArray(emailSubmissions.id, ids))),

  async list(accountId: string, filters: DocumentFilters, page: PageRequest, sort: DocumentSort = NEWEST) {
    const where: (SQL | undefined)[] = [eq(documents.account_id, accountId), eq(documents.discarded, false)]
    if (filters.fileName) where.push(ilike(documents.file_name, `%${escapeLike(filters.fileName)}%`))
    if (filters.documentTypes?.length) where.push(inArray(documents.document_type, filters.documentTypes))
    if (filters.reference) where.push(linkedToReference(filters.reference))
    const condition = and(...where)
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
          .where(
            and(
              eq(documents.account_id, accountId),
              inArray(documents.id, ids),
              eq(documents.discarded, false),
            ),
          ),
  bySubmissionIds: (accountId: string, submissionIds: string[]) =>
    submissionIds.length === 0
      ? Promise.resolve([])
      : db
          .select(documentFields)
          .from(documents)
          .where(
            and(
              eq(documents.account_id, accountId),
              inArray(documents.email_submission_id, submissionIds),
              eq(documents.discarded, false),
            ),
          )
          .orderBy(documents.created_at),
  async file(accountId: string, id: string) {
    const [row] = await db
      .select({
        bytes: sql<Uint8Array>`coalesce(${documents.file_bytes}, ${documentBlobs.bytes})`.mapWith(
          documents.file_bytes,
        ),
        name: documents.file_name,
        type: documents.file_content_type,
      })
      .from(documents)
      .leftJoin(
        documentBlobs,
        and(
          eq(documentBlobs.account_id, documents.account_id),
          eq(documentBlobs.sha256, documents.file_sha256),
        ),
      )
      .where(and(eq(documents.account_id, accountId), eq(documents.id, id), eq(documents.discarded, false)))
    return row
  },
  async create(values: typeof documents.$inferInsert) {
    const [row] = await db
      .insert(documents)
      .values({ created_at: now(), updated_at: now(), ...values })
      .returning({ id: documents.id })
    return (await this.byIds(values.account_id, [row.id]))[0]
  },
  /** Several documents in their order: each stamped a millisecond after the one before, so lists keep it. */
  async createInOrder(rows: (typeof documents.$inferInsert)[]) {
    const start = now().getTime()
    const created = []
    for (const [index, values] of rows.entries()) {
      const at = new Date(start + index)
      created.push(await this.create({ created_at: at, updated_at: at, ...values }))
    }
    return created
  },
  /** A document of the account, not deleted, whose file has these bytes (by SHA-256). */
  async byFileHash(accountId: string, sha256: string) {
    const [row] = await db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .where(
        and(
          eq(documents.account_id, accountId),
          eq(documents.file_sha256, sha256),
          eq(documents.discarded, false),
        ),
      )
      .limit(1)
    return row
  },
  /** Deletes softly, as the real service does: the row stays, out of every list and lookup. */
  async discard(accountId: string, id: string) {
    await db
      .update(documents)
      .set({ discarded: true, updated_at: now() })
      .where(and(eq(documents.account_id, accountId), eq(documents.id, id)))
  },
  async update(accountId: string, id: string, changes: Partial<typeof documents.$inferInsert>) {
    await db
      .update(documents)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(documents.account_id, accountId), eq(documents.id, id)))
    const [row] = await this.byIds(accountId, [id])
    return row
  },
  representationsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(documentRepresentations)
          .where(
            and(eq(documentRepresentations.account_id, accountId), inArray(documentRepresentations.id, ids)),
          ),
  linksByDocumentIds: (documentIds: string[]) =>
    documentIds.length === 0
      ? Promise.resolve([])
      : db.select().from(documentLinks).where(inArray(documentLinks.document_id, documentIds)),
  async replaceLinks(documentId: string, entityType: 'shipment' | 'container', entityIds: string[]) {
    await db
      .delete(documentLinks)
      .where(and(eq(documentLinks.document_id, documentId), eq(documentLinks.entity_type, entityType)))
    if (entityIds.length > 0)
      await db
        .insert(documentLinks)
        .values(
          entityIds.map((entity_id) => ({ document_id: documentId, entity_type: entityType, entity_id })),
        )
  },
})
