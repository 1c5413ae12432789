import { createHash } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { paged } from './paged'
import { embedTokens } from './schema'
import type { PageRequest } from './shipment-store'

export type EmbedTokenRow = typeof embedTokens.$inferSelect
export type NewEmbedToken = Omit<
  typeof embedTokens.$inferInsert,
  'id' | 'account_id' | 'token_hash' | 'token_prefix' | 'created_at' | 'use_count'
>

/** The raw token is shown once, in the answer that made it. */
export const hashEmbedToken = (rawToken: string) => createHash('sha256').update(rawToken).digest('hex')

export const createEmbedTokenStore = (db: Executor, now: () => Date) => ({
  async create(accountId: string, rawToken: string, token: NewEmbedToken) {
    const [row] = await db
      .insert(embedTokens)
      .values({
        ...token,
        account_id: accountId,
        token_hash: hashEmbedToken(rawToken),
        token_prefix: rawToken.slice(0, 12),
        created_at: now(),
      })
      .returning()
    return row
  },

  async list(accountId: string, page: PageRequest) {
    const where = eq(embedTokens.account_id, accountId)
    return paged(
      db
        .select()
        .from(embedTokens)
        .where(where)
        .orderBy(desc(embedTokens.created_at), desc(embedTokens.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(embedTokens).where(where),
    )
  },

  async get(accountId: string, id: string) {
    const [row] = await db
      .select()
      .from(embedTokens)
      .where(and(eq(embedTokens.account_id, accountId), eq(embedTokens.id, id)))
    return row
  },

  /** A token revoked before keeps its first revocation time. */
  async revoke(accountId: string, id: string) {
    const [row] = await db
      .update(embedTokens)
      .set({ revoked_at: sql`coalesce(${embedTokens.revoked_at}, ${now()})` })
      .where(and(eq(embedTokens.account_id, accountId), eq(embedTokens.id, id)))
      .returning()
    return row
  },

  /** The caller checks expiry and revocation. */
  async use(rawToken: string, at: Date) {
    const [row] = await db
      .update(embedTokens)
      .set({ use_count: sql`${embedTokens.use_count} + 1`, last_used_at: at })
      .where(eq(embedTokens.token_hash, hashEmbedToken(rawToken)))
      .returning()
    return row
  },
})
