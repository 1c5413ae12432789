import { and, eq } from 'drizzle-orm'
import type { Executor } from './database'
import type { createDocumentReads } from './document-reads'
import { documents } from './schema'

type DocumentReads = ReturnType<typeof createDocumentReads>

export const createDocumentWrites = (db: Executor, now: () => Date, reads: DocumentReads) => {
  async function create(values: typeof documents.$inferInsert) {
    const [row] = await db
      .insert(documents)
      .values({ created_at: now(), updated_at: now(), ...values })
      .returning({ id: documents.id })
    return (await reads.byIds(values.account_id, [row.id]))[0]
  }
  return {
    create,
    /** Each stamped a millisecond after the one before, so lists keep the order. */
    async createInOrder(rows: (typeof documents.$inferInsert)[]) {
      const start = now().getTime()
      const created = []
      for (const [index, values] of rows.entries()) {
        const at = new Date(start + index)
        created.push(await create({ created_at: at, updated_at: at, ...values }))
      }
      return created
    },
    /** Soft, as the real service does: the row stays, out of every list and lookup. */
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
      const [row] = await reads.byIds(accountId, [id])
      return row
    },
  }
}
