import { Hono } from 'hono'
import type { Stores } from '../storage/storage'
import type { GatewayEnv } from './client-facts'
import { answerOAuthError, OAuthError, readForm } from './oauth-errors'
import {
  accessExpiry,
  grantedAs,
  issueRefresh,
  revokeReplayed,
  scopeWords,
  tokenAnswer,
} from './oauth-grants'
import { isClientId, newToken, tokenHash, verifierMatches } from './oauth-tokens'
import type { PeopleStore } from './people-store'

type Param = (name: string) => string | undefined
type TokenKit = { store: PeopleStore; now: () => Date }

const invalidGrant = (detail: string) => new OAuthError('invalid_grant', detail)

/** A replay is answered after its revocation commits; anything else thrown rolls the exchange back. */
type Outcome = { answer: ReturnType<typeof tokenAnswer> } | { refused: OAuthError }

async function exchangeCode(tx: Stores, param: Param, at: Date): Promise<Outcome> {
  const code = param('code')
  if (!code) throw new OAuthError('invalid_request', 'code is required')
  const found = await tx.oauth.redeem(tokenHash(code), at)
  if (!found) throw invalidGrant('That code is not valid')
  const { authorization } = found
  if (found.reused) {
    await revokeReplayed(tx, authorization.api_key_id, 'An authorization code', at)
    return { refused: invalidGrant('That code was already used; the tokens issued from it are revoked') }
  }
  if (param('client_id') !== authorization.client_id)
    throw invalidGrant('That code was issued to another client')
  if (!authorization.code_expires_at || authorization.code_expires_at <= at)
    throw invalidGrant('That code has expired')
  if (param('redirect_uri') !== authorization.redirect_uri)
    throw invalidGrant('redirect_uri differs from the authorization request’s')
  if (!verifierMatches(param('code_verifier'), authorization.code_challenge))
    throw invalidGrant('code_verifier does not match the code challenge')
  const resource = param('resource')
  if (resource !== undefined && resource !== authorization.resource)
    throw new OAuthError('invalid_target', 'resource differs from the authorization request’s')
  const person = await tx.users.signInFacts(authorization.user_id)
  if (!person || person.accountId !== authorization.account_id)
    throw invalidGrant('That person can no longer sign in')
  const client = await tx.oauth.client(authorization.client_id)
  const granted = grantedAs(authorization.scope, person)
  const access = newToken('qso_')
  const keyId = await tx.oauth.createGrant(
    {
      accountId: person.accountId,
      userId: person.id,
      clientId: authorization.client_id,
      name: `Authorised app: ${client?.client_name ?? 'unknown'}`,
      ...granted,
      accessHash: tokenHash(access),
      accessPrefix: access.slice(0, 12),
      expiresAt: accessExpiry(at),
    },
    authorization.id,
  )
  return { answer: tokenAnswer(access, await issueRefresh(tx, keyId, at), granted.scope) }
}

async function refresh(tx: Stores, param: Param, at: Date): Promise<Outcome> {
  const token = param('refresh_token')
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is required')
  const found = await tx.oauth.rotateRefreshToken(tokenHash(token), at)
  if (!found) throw invalidGrant('That refresh token is not valid')
  if (found.reused) {
    await revokeReplayed(tx, found.apiKeyId, 'A refresh token', at)
    return { refused: invalidGrant('That refresh token was already used; its tokens are revoked') }
  }
  const access = newToken('qso_')
  const renewed = await tx.oauth.renewAccess(found.apiKeyId, param('client_id'), {
    hash: tokenHash(access),
    prefix: access.slice(0, 12),
    expiresAt: accessExpiry(at),
  })
  if (!renewed) throw invalidGrant('That authorisation was revoked, or belongs to another client')
  const scope = param('scope')
  if (scope !== undefined && scope !== scopeWords(renewed.scope))
    throw new OAuthError('invalid_scope', `This authorisation's scope is ${scopeWords(renewed.scope)}`)
  return { answer: tokenAnswer(access, await issueRefresh(tx, renewed.id, at), renewed.scope) }
}

/** RFC 6749 3.2 and OAuth 2.1: authorization_code with PKCE, and refresh_token with rotation. */
export function oauthTokenRoute(kit: TokenKit) {
  return new Hono<GatewayEnv>().post('/oauth/token', async (c) => {
    try {
      const param = await readForm(c)
      const grant = param('grant_type')
      if (grant !== 'authorization_code' && grant !== 'refresh_token')
        throw new OAuthError('unsupported_grant_type', 'grant_type is authorization_code or refresh_token')
      if (!isClientId(param('client_id')))
        throw new OAuthError('invalid_client', 'client_id is not a registered client', 401)
      const at = kit.now()
      const outcome = await kit.store.transaction((tx) =>
        grant === 'authorization_code' ? exchangeCode(tx, param, at) : refresh(tx, param, at),
      )
      if ('refused' in outcome) return answerOAuthError(c, outcome.refused)
      return c.json(outcome.answer, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' })
    } catch (error) {
      if (error instanceof OAuthError) return answerOAuthError(c, error)
      throw error
    }
  })
}
