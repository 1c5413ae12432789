import { createHash } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { handoffTokens } from './schema'

export type HandoffRow = typeof handoffTokens.$inferSelect
export type NewHandoff = Pick<HandoffRow, 'container_ids' | 'note' | 'created_by' | 'expires_at'>

const hashOf = (rawToken: string) => createHash('sha256').update(rawToken).digest('hex')

/** Kept as embed tokens are: the hash and a prefix; the raw token is shown once. */
export const createHandoffStore = (db: Executor, now: () => Date) => ({
  async create(accountId: string, rawToken: string, values: NewHandoff) {
    const [row] = await db
      .insert(handoffTokens)
      .values({
        ...values,
        account_id: accountId,
        token_hash: hashOf(rawToken),
        token_prefix: rawToken.slice(0, 12),
        created_at: now(),
      })
      .returning()
    return row
  },

  /** A container's links, newest first; a busy container has a handful. */
  ofContainer: (accountId: string, containerId: string) =>
    db
      .select()
      .from(handoffTokens)
      .where(
        and(
          eq(handoffTokens.account_id, accountId),
          sql`${handoffTokens.container_ids} @> ${JSON.stringify([containerId])}::jsonb`,
        ),
      )
      .orderBy(desc(handoffTokens.created_at), desc(handoffTokens.id))
      .limit(100),

  async get(accountId: string, id: string) {
    const [row] = await db
      .select()
      .from(handoffTokens)
      .where(and(eq(handoffTokens.account_id, accountId), eq(handoffTokens.id, id)))
    return row
  },

  async revoke(accountId: string, id: string) {
    const [row] = await db
      .update(handoffTokens)
      .set({ revoked_at: sql`coalesce(${handoffTokens.revoked_at}, ${now()})` })
      .where(and(eq(handoffTokens.account_id, accountId), eq(handoffTokens.id, id)))
      .returning()
    return row
  },

  /** Counted on every use; the caller checks expiry and revocation. */
  async use(rawToken: string) {
    const [row] = await db
      .update(handoffTokens)
      .set({ use_count: sql`${handoffTokens.use_count} + 1`, last_used_at: now() })
      .where(eq(handoffTokens.token_hash, hashOf(rawToken)))
      .returning()
    return row
  },
})
