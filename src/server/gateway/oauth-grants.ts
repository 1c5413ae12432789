import type { Role } from '../../contract/people'
import { roleAtLeast } from '../../contract/people'
import type { Stores } from '../storage/storage'
import { ACCESS_TOKEN_SECONDS, newToken, REFRESH_TOKEN_MS, tokenHash } from './oauth-tokens'
import type { PersonFacts } from './people-gateway'

/** quayside:read acts as a viewer at most; quayside:write as the person, whose role bounds it at every call. */
export function grantedAs(scope: string, person: PersonFacts): { scope: 'read' | 'write'; role: Role } {
  if (scope === 'quayside:write') return { scope: 'write', role: person.role }
  return { scope: 'read', role: roleAtLeast(person.role, 'viewer') ? 'viewer' : person.role }
}

export const scopeWords = (scope: 'read' | 'write') =>
  scope === 'write' ? 'quayside:write' : 'quayside:read'

/** A token answer (RFC 6749 5.1), never cached. */
export const tokenAnswer = (access: string, refresh: string, scope: 'read' | 'write') => ({
  access_token: access,
  token_type: 'Bearer',
  expires_in: ACCESS_TOKEN_SECONDS,
  refresh_token: refresh,
  scope: scopeWords(scope),
})

export const accessExpiry = (at: Date) => new Date(at.getTime() + ACCESS_TOKEN_SECONDS * 1000)

/** A fresh refresh token for the grant, kept as its hash. */
export async function issueRefresh(tx: Stores, apiKeyId: string, at: Date) {
  const refresh = newToken('qsr_')
  await tx.oauth.addRefreshToken(apiKeyId, tokenHash(refresh), new Date(at.getTime() + REFRESH_TOKEN_MS))
  return refresh
}

/** A replayed code or refresh token: the grant made from it stops (RFC 9700 2.1.2, 4.14.2). */
export async function revokeReplayed(tx: Stores, apiKeyId: string | null, what: string, at: Date) {
  if (!apiKeyId) return
  const revoked = await tx.oauth.revokeGrant(apiKeyId)
  if (revoked)
    await tx.audit.record(
      { kind: 'system', name: 'OAuth' },
      {
        accountId: revoked.accountId,
        action: 'api_key.revoked',
        target: { type: 'api_key', id: revoked.id, label: revoked.name },
        before: { revoked_at: null },
        after: { revoked_at: at.toISOString(), reason: `${what} used twice` },
      },
    )
}
