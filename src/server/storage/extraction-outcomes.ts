import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import type { Executor } from './database'
import type { createDocumentLinks } from './document-links'
import { notLeased } from './extraction-leases'
import { documents } from './schema'

type Representations = Pick<ReturnType<typeof createDocumentLinks>, 'addRepresentation'>

export const createExtractionOutcomes = (
  db: Executor,
  now: () => Date,
  representations: Representations,
) => ({
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
    await representations.addRepresentation(row.account_id, id, schemaVersion, payload)
  },
  /** Readings that never finished: the process stopped under each (a crash, a kill). */
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
})
