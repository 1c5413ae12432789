import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys, oauthRefreshTokens } from './schema'

/** Refresh tokens, each spent once, and which grant a presented token belongs to. */
export const createOAuthRefreshTokens = (db: Executor, now: () => Date) => ({
  async addRefreshToken(apiKeyId: string, tokenHash: string, expiresAt: Date) {
    await db
      .insert(oauthRefreshTokens)
      .values({ token_hash: tokenHash, api_key_id: apiKeyId, expires_at: expiresAt, created_at: now() })
  },

  /** Spends a refresh token: its key when live; `reused` with its key when it was spent before. */
  async rotateRefreshToken(tokenHash: string, at: Date) {
    const [fresh] = await db
      .update(oauthRefreshTokens)
      .set({ rotated_at: at })
      .where(
        and(
          eq(oauthRefreshTokens.token_hash, tokenHash),
          isNull(oauthRefreshTokens.rotated_at),
          gt(oauthRefreshTokens.expires_at, at),
        ),
      )
      .returning({ apiKeyId: oauthRefreshTokens.api_key_id })
    if (fresh) return { apiKeyId: fresh.apiKeyId, reused: false }
    const [spent] = await db
      .select({ apiKeyId: oauthRefreshTokens.api_key_id, rotated_at: oauthRefreshTokens.rotated_at })
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.token_hash, tokenHash))
      .limit(1)
    return spent?.rotated_at ? { apiKeyId: spent.apiKeyId, reused: true } : undefined
  },

  /** The grant an access or refresh token belongs to (RFC 7009 takes either). */
  async grantOf(tokenHash: string) {
    const [access] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, tokenHash), eq(apiKeys.kind, 'oauth')))
      .limit(1)
    if (access) return access.id
    const [refresh] = await db
      .select({ id: oauthRefreshTokens.api_key_id })
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.token_hash, tokenHash))
      .limit(1)
    return refresh?.id
  },
})
