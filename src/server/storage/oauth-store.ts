import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Role } from '../../contract/people'
import type { Executor } from './database'
import { apiKeys, oauthAuthorizations, oauthClients, oauthRefreshTokens } from './schema'

export type OAuthClient = typeof oauthClients.$inferSelect
type NewAuthorization = Omit<typeof oauthAuthorizations.$inferInsert, 'id' | 'created_at'>

/** The app's grant: one api_keys row of kind 'oauth', whose token rotates with each refresh. */
export type OAuthGrant = {
  accountId: string
  userId: string
  clientId: string
  name: string
  scope: 'read' | 'write'
  role: Role
  accessHash: string
  accessPrefix: string
  expiresAt: Date
}

const DAY = 24 * 60 * 60 * 1000

/** Dynamic clients, consents, one-time codes and refresh tokens; every token here is kept as its SHA-256 only. */
export const createOAuthStore = (db: Executor, now: () => Date) => ({
  async registerClient(client: Omit<OAuthClient, 'created_at'>) {
    const [row] = await db
      .insert(oauthClients)
      .values({ ...client, created_at: now() })
      .returning()
    return row
  },

  async client(id: string) {
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1)
    return row
  },

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

  async createGrant(grant: OAuthGrant, authorizationId: string) {
    const [key] = await db
      .insert(apiKeys)
      .values({
        account_id: grant.accountId,
        name: grant.name,
        kind: 'oauth',
        scope: grant.scope,
        role: grant.role,
        user_id: grant.userId,
        oauth_client_id: grant.clientId,
        key_hash: grant.accessHash,
        token_prefix: grant.accessPrefix,
        expires_at: grant.expiresAt,
        created_at: now(),
      })
      .returning({ id: apiKeys.id })
    await db
      .update(oauthAuthorizations)
      .set({ api_key_id: key.id })
      .where(eq(oauthAuthorizations.id, authorizationId))
    return key.id
  },

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

  /** A new access token on a live grant: the old one stops at once. */
  async renewAccess(
    apiKeyId: string,
    clientId: string | undefined,
    access: { hash: string; prefix: string; expiresAt: Date },
  ) {
    if (!clientId) return undefined
    const [row] = await db
      .update(apiKeys)
      .set({ key_hash: access.hash, token_prefix: access.prefix, expires_at: access.expiresAt })
      .where(
        and(
          eq(apiKeys.id, apiKeyId),
          eq(apiKeys.kind, 'oauth'),
          eq(apiKeys.oauth_client_id, clientId),
          isNull(apiKeys.revoked_at),
        ),
      )
      .returning({ id: apiKeys.id, scope: apiKeys.scope })
    return row
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

  /** Revokes a live grant (its refresh tokens then renew nothing); what was revoked, for the audit trail, or undefined when it already was. */
  async revokeGrant(apiKeyId: string, clientId?: string) {
    const [row] = await db
      .update(apiKeys)
      .set({ revoked_at: now() })
      .where(
        and(
          eq(apiKeys.id, apiKeyId),
          eq(apiKeys.kind, 'oauth'),
          isNull(apiKeys.revoked_at),
          clientId ? eq(apiKeys.oauth_client_id, clientId) : undefined,
        ),
      )
      .returning({
        id: apiKeys.id,
        name: apiKeys.name,
        accountId: apiKeys.account_id,
        userId: apiKeys.user_id,
      })
    return row
  },
})
