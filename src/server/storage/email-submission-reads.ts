import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { readingCondition, type SubmissionFilters, submissionMatches } from './document-filters'
import { keptInboxTotal, mergeInboxCounts } from './inbox-counts'
import { paged } from './paged'
import { emailSubmissions } from './schema'
import type { PageRequest } from './shipment-store'

const documentsCount = sql<number>`(select count(*) from documents d where d.email_submission_id = "email_submissions"."id" and not d.discarded)`
const submissionFields = { ...getTableColumns(emailSubmissions), documents_count: documentsCount }

export const createEmailSubmissionReads = (db: Executor) => ({
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
      // without a search, the kept counts: not every email of the account and its documents
      filters.q
        ? db.select({ total: count() }).from(emailSubmissions).where(where)
        : keptInboxTotal(db, accountId, filters.reading).then((total) => [{ total }]),
    )
  },
  /** What the kept counts must always equal. */
  countedSubmissions: async (accountId: string, reading?: SubmissionFilters['reading']) => {
    const where = and(
      eq(emailSubmissions.account_id, accountId),
      reading ? readingCondition(reading) : undefined,
    )
    const [row] = await db.select({ total: count() }).from(emailSubmissions).where(where)
    return row.total
  },
  keptSubmissions: (accountId: string, reading?: SubmissionFilters['reading']) =>
    keptInboxTotal(db, accountId, reading),
  mergeInboxCounts: () => mergeInboxCounts(db),
  submissionsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(submissionFields)
          .from(emailSubmissions)
          .where(and(eq(emailSubmissions.account_id, accountId), inArray(emailSubmissions.id, ids))),
})
