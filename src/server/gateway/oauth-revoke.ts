import { Hono } from 'hono'
import type { GatewayEnv } from './client-facts'
import { answerOAuthError, OAuthError, readForm } from './oauth-errors'
import { isClientId, tokenHash } from './oauth-tokens'
import type { PeopleStore } from './people-store'

/**
 * RFC 7009: either token of a grant revokes the whole grant; an unknown token, or another client's, is
 * answered 200 too, so the answer tells nothing. The service forgets a cached caller within its 5 s.
 */
export function oauthRevokeRoute(store: PeopleStore, now: () => Date) {
  return new Hono<GatewayEnv>().post('/oauth/revoke', async (c) => {
    try {
      const param = await readForm(c)
      const token = param('token')
      const clientId = param('client_id')
      if (!token || !isClientId(clientId))
        throw new OAuthError('invalid_request', 'token and a registered client_id are required')
      await store.transaction(async (tx) => {
        const keyId = await tx.oauth.grantOf(tokenHash(token))
        const revoked = keyId && (await tx.oauth.revokeGrant(keyId, clientId))
        if (revoked)
          await tx.audit.record(
            { kind: 'key', id: revoked.id, name: revoked.name, via: 'api', address: c.var.client.address },
            {
              accountId: revoked.accountId,
              action: 'api_key.revoked',
              target: { type: 'api_key', id: revoked.id, label: revoked.name },
              before: { revoked_at: null },
              after: { revoked_at: now().toISOString() },
            },
          )
      })
      return c.body(null, 200, { 'Cache-Control': 'no-store' })
    } catch (error) {
      if (error instanceof OAuthError) return answerOAuthError(c, error)
      throw error
    }
  })
}
