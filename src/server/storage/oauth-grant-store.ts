import { and, eq, isNull } from 'drizzle-orm'
import type { Role } from '../../contract/people'
import type { Executor } from './database'
import { apiKeys, oauthAuthorizations } from './schema'

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

/** Grants: made from a redeemed code, renewed by a refresh, revoked by the person, the app or a replay. */
export const createOAuthGrants = (db: Executor, now: () => Date) => ({
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
