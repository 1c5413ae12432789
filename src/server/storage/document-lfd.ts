import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { LfdSource } from '../../contract/lfd-sources'
import type { Executor } from './database'
import { lfdColumns } from './lfd-columns'
import { containers } from './schema'

export type LfdChange = {
  containerId: string
  shipmentId: string | null
  terminalId: string | null
  timezone: string | null
  pickupLfd: [string | null, string | null]
  source: string | null
  at: Date
}

const isoOrNull = (value: Date | null | undefined) => value?.toISOString() ?? null

/** Every container touched is weighed again by the one rule. */
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
  const changes: LfdChange[] = []
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
    const columns = lfdColumns({ ...row, lfd_sources: sources })
    await db
      .update(containers)
      .set({ ...columns, updated_at: at })
      .where(eq(containers.id, row.id))
    const pickupLfd: LfdChange['pickupLfd'] = [isoOrNull(row.pickup_lfd), isoOrNull(columns.pickup_lfd)]
    if (pickupLfd[0] !== pickupLfd[1])
      changes.push({
        containerId: row.id,
        shipmentId: row.shipment_id,
        terminalId: row.pod_terminal_id,
        timezone: row.pod_timezone,
        pickupLfd,
        source: columns.pickup_lfd_source,
        at,
      })
  }
  return changes
}
