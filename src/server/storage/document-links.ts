import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from './database'
import { documentLinks, documentRepresentations } from './schema'

export const createDocumentLinks = (db: Executor, now: () => Date) => ({
  representationsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(documentRepresentations)
          .where(
            and(eq(documentRepresentations.account_id, accountId), inArray(documentRepresentations.id, ids)),
          ),
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
