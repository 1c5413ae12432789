import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Executor } from './database'
import { oauthAuthorizations } from './schema'

type NewAuthorization = Omit<typeof oauthAuthorizations.$inferInsert, 'id' | 'created_at'>

const DAY = 24 * 60 * 60 * 1000

/** An authorisation asked for (its consent nonce), allowed (its one-time code), then redeemed. */
export const createOAuthConsents = (db: Executor, now: () => Date) => ({
  /** Forgets consents nobody answered a day after they lapsed, so a flood of authorize calls does not pile up. */
  async begin(authorization: NewAuthorization, at: Date) {
    await db
      .delete(oauthAuthorizations)
      .where(
        and(
          isNull(oauthAuthorizations.code_hash),
          lt(oauthAuthorizations.consent_expires_at, new Date(at.getTime() - DAY)),
        ),
      )
    await db.insert(oauthAuthorizations).values({ ...authorization, created_at: now() })
  },

  /** The consent this session was shown, still unanswered and in time. */
  async pending(nonceHash: string, sessionHash: string, at: Date) {
    const [row] = await db
      .select()
      .from(oauthAuthorizations)
      .where(
        and(
          eq(oauthAuthorizations.nonce_hash, nonceHash),
          eq(oauthAuthorizations.session_hash, sessionHash),
          isNull(oauthAuthorizations.code_hash),
          gt(oauthAuthorizations.consent_expires_at, at),
        ),
      )
      .limit(1)
    return row
  },

  /** Once only: a consent answered twice (a double submit) gives no second code. */
  async allow(id: string, codeHash: string, codeExpiresAt: Date) {
    const [row] = await db
      .update(oauthAuthorizations)
      .set({ code_hash: codeHash, code_expires_at: codeExpiresAt })
      .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.code_hash)))
      .returning({ id: oauthAuthorizations.id })
    return Boolean(row)
  },

  async deny(id: string) {
    await db.delete(oauthAuthorizations).where(eq(oauthAuthorizations.id, id))
  },

  /**
   * Marks the code spent and answers its authorisation; `reused` when it was spent before (its key, if any,
   * is then revoked by the caller), undefined when there is no such code.
   */
  async redeem(codeHash: string, at: Date) {
    const [fresh] = await db
      .update(oauthAuthorizations)
      .set({ redeemed_at: at })
      .where(and(eq(oauthAuthorizations.code_hash, codeHash), isNull(oauthAuthorizations.redeemed_at)))
      .returning()
    if (fresh) return { authorization: fresh, reused: false }
    const [spent] = await db
      .select()
      .from(oauthAuthorizations)
      .where(eq(oauthAuthorizations.code_hash, codeHash))
      .limit(1)
    return spent ? { authorization: spent, reused: true } : undefined
  },
})
