import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { LfdSource } from '../../contract/lfd-sources'
import type { Executor } from './database'
import { lfdColumns } from './lfd-columns'
import { containers } from './schema'

/**
 * Keeps what one document says of the last free day on the containers it is linked to (an arrival
 * notice's date, or a person's correction of it), drops it from those it no longer names or says nothing
 * of, and weighs every container touched again by the one rule.
 */
export async function keepDocumentLfd(
  db: Executor,
  at: Date,
  accountId: string,
  documentId: string,
  linkedIds: string[],
  source: LfdSource | null,
) {
  const saidBefore = sql`${containers.lfd_sources} @> ${JSON.stringify([{ document_id: documentId }])}::jsonb`
  const rows = await db
    .select()
    .from(containers)
    .where(
      and(
        eq(containers.account_id, accountId),
        linkedIds.length > 0 && source ? or(inArray(containers.id, linkedIds), saidBefore) : saidBefore,
      ),
    )
  for (const row of rows) {
    const before = row.lfd_sources?.find((s) => s.document_id === documentId)
    const kept = (row.lfd_sources ?? []).filter((s) => s.document_id !== documentId)
    // a reading again of a corrected document keeps who corrected it and when
    const same = before && source && before.kind === source.kind && before.value === source.value
    const given = source && {
      ...source,
      by: source.by ?? (same ? before.by : null),
      checked_at: same ? before.checked_at : at.toISOString(),
    }
    const sources = given && linkedIds.includes(row.id) ? [...kept, given] : kept
    await db
      .update(containers)
      .set({ ...lfdColumns({ ...row, lfd_sources: sources }), updated_at: at })
      .where(eq(containers.id, row.id))
  }
  return rows.length
}
