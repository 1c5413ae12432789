import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { documents } from './schema'

/** A lease runs on the database's clock, real time. */
export const notLeased = or(
  isNull(documents.extraction_leased_until),
  lt(documents.extraction_leased_until, sql`clock_timestamp()`),
)

export const createExtractionLeases = (db: Executor, now: () => Date) => ({
  async dueExtractions(at: Date, limit: number) {
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(lte(documents.extraction_due_at, at), eq(documents.discarded, false), notLeased))
      .orderBy(documents.extraction_due_at)
      .limit(limit)
    return rows.map((row) => row.id)
  },
  /** Real time by the database's clock however fast the service clock runs; after a crash it is due once the lease lapses. */
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
  /** The attempt is not counted. */
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
})
