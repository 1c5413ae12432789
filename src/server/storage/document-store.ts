import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { paged } from './paged'
import { documentLinks, documentRepresentations, documents, emailSubmissions } from './schema'
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
export type DocumentFilters = {
  fileName?: string
  documentTypes?: string[]
  reference?: string
  shipmentId?: string
  containerId?: string
}

/** How far reading a submission's attachments has got: any failed, any still queued or running, all read. */
const SUBMISSION_READING = ['failed', 'reading', 'done', 'no_documents'] as const
export type SubmissionReading = (typeof SUBMISSION_READING)[number]
export type SubmissionFilters = { q?: string; reading?: SubmissionReading }

const submissionDocuments = (condition: SQL) =>
  sql`exists (select 1 from documents d where d.email_submission_id = ${emailSubmissions.id} and not d.discarded and ${condition})`

const readingCondition = (reading: SubmissionReading) =>
  reading === 'failed'
    ? submissionDocuments(sql`d.extraction_status = 'failed'`)
    : reading === 'reading'
      ? and(
          submissionDocuments(sql`d.extraction_status in ('pending', 'running')`),
          sql`not ${submissionDocuments(sql`d.extraction_status = 'failed'`)}`,
        )
      : reading === 'done'
        ? and(
            submissionDocuments(sql`true`),
            sql`not ${submissionDocuments(sql`d.extraction_status is distinct from 'done'`)}`,
          )
        : sql`not ${submissionDocuments(sql`true`)}`

/** Subject, sender, recipients or an attachment's file name containing the words. */
const submissionMatches = (q: string) => {
  const pattern = `%${escapeLike(q.trim())}%`
  return sql`(${emailSubmissions.subject} ilike ${pattern}
    or ${emailSubmissions.from}::text ilike ${pattern}
    or ${emailSubmissions.to}::text ilike ${pattern}
    or ${submissionDocuments(sql`d.file_name ilike ${pattern}`)})`
}

/** Linked to this shipment or container. */
const linkedTo = (entityType: 'shipment' | 'container', id: string) =>
  sql`exists (select 1 from document_links l where l.document_id = ${documents.id} and l.entity_type = ${entityType} and l.entity_id = ${id})`

/** Linked to a shipment with this bill of lading or reference number, or to a container with this number. */
const linkedToReference = (reference: string) => {
  const token = reference.trim().toUpperCase()
  return sql`exists (select 1 from document_links l
    left join shipments s on l.entity_type = 'shipment' and s.id = l.entity_id
    left join containers c on l.entity_type = 'container' and c.id = l.entity_id
    where l.document_id = ${documents.id}
      and (s.normalized_number = ${token} or s.ref_numbers ? ${reference.trim()} or c.number = ${token}))`
}

/** Not held by a worker reading it now: a lease runs on the database's clock, real time. */
const notLeased = or(
  isNull(documents.extraction_leased_until),
  lt(documents.extraction_leased_until, sql`clock_timestamp()`),
)

export const createDocumentStore = (db: Executor, now: () => Date) => ({
  async listSubmissions(accountId: string, page: PageRequest, filters: SubmissionFilters = {}) {
    const where = and(
      eq(emailSubmissions.account_id, accountId),
      filters.q ? submissionMatches(filters.q) : undefined,
      filters.reading ? readingCondition(filters.reading) : undefined,
    )
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
    if (filters.shipmentId) where.push(linkedTo('shipment', filters.shipmentId))
    if (filters.containerId) where.push(linkedTo('container', filters.containerId))
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
  /** Where a document's file is: its blob's hash and size, its name and type; undefined if there is none. */
  async file(accountId: string, id: string) {
    const [row] = await db
      .select({
        sha256: documents.file_sha256,
        size: documents.file_size_bytes,
        name: documents.file_name,
        type: documents.file_content_type,
      })
      .from(documents)
      .where(and(eq(documents.account_id, accountId), eq(documents.id, id), eq(documents.discarded, false)))
    return row?.sha256 ? { ...row, sha256: row.sha256 } : undefined
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
  /** Queues documents to be read (again) from `at`: the extraction worker takes them when due. */
  async queueExtraction(accountId: string, ids: string[], at = now()) {
    if (ids.length === 0) return
    await db
      .update(documents)
      .set({
        extraction_status: 'pending',
        extraction_due_at: at,
        extraction_attempts: 0,
        extraction_error: null,
      })
      .where(and(eq(documents.account_id, accountId), inArray(documents.id, ids)))
  },
  async dueExtractions(at: Date, limit: number) {
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(lte(documents.extraction_due_at, at), eq(documents.discarded, false), notLeased))
      .orderBy(documents.extraction_due_at)
      .limit(limit)
    return rows.map((row) => row.id)
  },
  /**
   * Takes a due document for reading for `leaseSeconds` of real time, by the database's clock however fast
   * the service clock runs (after a crash it is due again once the lease lapses), if it has had fewer than
   * `maxAttempts`; undefined if taken or spent.
   */
  async claimExtraction(id: string, at: Date, leaseSeconds: number, maxAttempts: number) {
    const [row] = await db
      .update(documents)
      .set({
        extraction_status: 'running',
        extraction_leased_until: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
        extraction_attempts: sql`${documents.extraction_attempts} + 1`,
      })
      .where(
        and(
          eq(documents.id, id),
          lte(documents.extraction_due_at, at),
          notLeased,
          lt(documents.extraction_attempts, maxAttempts),
        ),
      )
      .returning({
        id: documents.id,
        account_id: documents.account_id,
        name: documents.name,
        file_content_type: documents.file_content_type,
        document_type_manual: documents.document_type_manual,
        corrections: documents.corrections,
        extraction_attempts: documents.extraction_attempts,
      })
    return row
  },
  async finishExtraction(
    id: string,
    documentType: string,
    payload: Record<string, unknown>,
    schemaVersion: string,
  ) {
    const [row] = await db
      .update(documents)
      .set({
        extraction_status: 'done',
        extraction_due_at: null,
        extraction_leased_until: null,
        extraction_error: null,
        document_type: documentType,
        updated_at: now(),
      })
      .where(eq(documents.id, id))
      .returning({ account_id: documents.account_id })
    await this.addRepresentation(row.account_id, id, schemaVersion, payload)
  },
  async addRepresentation(
    accountId: string,
    documentId: string,
    schemaVersion: string,
    payload: Record<string, unknown>,
  ) {
    // a millisecond after the one before, so it is the last even when the clock stands still
    const [latest] = await db
      .select({ at: documentRepresentations.created_at })
      .from(documentRepresentations)
      .where(eq(documentRepresentations.document_id, documentId))
      .orderBy(desc(documentRepresentations.created_at))
      .limit(1)
    const at = new Date(Math.max(now().getTime(), (latest?.at.getTime() ?? 0) + 1))
    await db.insert(documentRepresentations).values({
      account_id: accountId,
      document_id: documentId,
      schema_version: schemaVersion,
      payload,
      created_at: at,
      updated_at: at,
    })
  },
  /**
   * Marks failed for good, with `error`, the due documents that have had `maxAttempts` readings already:
   * readings that never finished, the process stopping under each (a crash, a kill).
   */
  async abandonExtractions(at: Date, maxAttempts: number, error: string) {
    await db
      .update(documents)
      .set({
        extraction_status: 'failed',
        extraction_due_at: null,
        extraction_leased_until: null,
        extraction_error: error,
        updated_at: now(),
      })
      .where(
        and(lte(documents.extraction_due_at, at), gte(documents.extraction_attempts, maxAttempts), notLeased),
      )
  },
  /** Gives back a document whose reading was stopped with the server: due now, the attempt not counted. */
  async releaseExtraction(id: string) {
    await db
      .update(documents)
      .set({
        extraction_status: 'pending',
        extraction_due_at: now(),
        extraction_leased_until: null,
        extraction_attempts: sql`greatest(${documents.extraction_attempts} - 1, 0)`,
      })
      .where(and(eq(documents.id, id), eq(documents.extraction_status, 'running')))
  },
  /** Records a failed reading: due again at `retryAt`, or failed for good without one. */
  async failExtraction(id: string, error: string, retryAt: Date | null) {
    await db
      .update(documents)
      .set({
        extraction_status: retryAt ? 'pending' : 'failed',
        extraction_due_at: retryAt,
        extraction_leased_until: null,
        extraction_error: error.slice(0, 500),
        updated_at: now(),
      })
      .where(eq(documents.id, id))
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
