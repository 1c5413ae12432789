import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { addressGroup } from '../http/ip-groups'
import { createRateLimiter } from '../http/rate-limit'
import type { GatewayEnv } from './client-facts'
import { answerOAuthError, OAuthError } from './oauth-errors'
import { isUnkeepable, redirectUriProblem } from './oauth-redirects'
import type { PeopleStore } from './people-store'
import { earlyRefusal } from './refusal'

const MAX_REDIRECT_URIS = 10
const MAX_NAME = 100
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token'])

const metadataError = (detail: string) => new OAuthError('invalid_client_metadata', detail)

function clientName(raw: unknown) {
  if (typeof raw !== 'string' || raw.trim().length === 0) throw metadataError('client_name is required')
  const name = raw.trim()
  if (name.length > MAX_NAME) throw metadataError(`client_name is at most ${MAX_NAME} characters`)
  if (isUnkeepable(name)) throw metadataError('client_name cannot hold control characters or broken Unicode')
  return name
}

function redirectUris(raw: unknown) {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_REDIRECT_URIS)
    throw new OAuthError('invalid_redirect_uri', `redirect_uris is a list of 1 to ${MAX_REDIRECT_URIS} URIs`)
  for (const uri of raw) {
    const problem = redirectUriProblem(uri)
    if (problem) throw new OAuthError('invalid_redirect_uri', problem)
  }
  return [...new Set(raw as string[])]
}

/** Public clients only: no secret to keep, PKCE instead (OAuth 2.1 2.1). */
function checkedMetadata(body: Record<string, unknown>) {
  const method = body.token_endpoint_auth_method
  if (method !== undefined && method !== 'none')
    throw metadataError('Only public clients are registered: token_endpoint_auth_method must be none')
  const grants = body.grant_types ?? ['authorization_code', 'refresh_token']
  if (!Array.isArray(grants) || grants.some((grant) => !GRANT_TYPES.has(grant)))
    throw metadataError('grant_types may hold authorization_code and refresh_token only')
  const responses = body.response_types ?? ['code']
  if (!Array.isArray(responses) || responses.some((type) => type !== 'code'))
    throw metadataError('response_types may hold code only')
  return {
    client_name: clientName(body.client_name),
    redirect_uris: redirectUris(body.redirect_uris),
    grant_types: grants as string[],
    response_types: responses as string[],
  }
}

async function jsonBody(text: string) {
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
  } catch {}
  throw metadataError('Send the client metadata as a JSON object')
}

/** RFC 7591 dynamic registration, limited per address so nobody fills the table. */
export function oauthRegisterRoute(store: PeopleStore, now: () => Date, perMinute: number) {
  const limiter = createRateLimiter(perMinute, now)
  return new Hono<GatewayEnv>().post('/oauth/register', async (c) => {
    const taken = limiter.take(addressGroup(c.var.client.address))
    if (taken.over)
      throw earlyRefusal(
        429,
        {
          detail: `Too many registrations from this address; try again in ${taken.retryAfter} s`,
          code: 'rate_limited',
        },
        { 'Retry-After': String(taken.retryAfter) },
      )
    try {
      const metadata = checkedMetadata(await jsonBody(await c.req.text()))
      const client = await store.oauth.registerClient({
        id: `qsc_${randomBytes(18).toString('base64url')}`,
        client_name: metadata.client_name,
        redirect_uris: metadata.redirect_uris,
        address: c.var.client.address,
      })
      return c.json(
        {
          ...metadata,
          client_id: client.id,
          client_id_issued_at: Math.floor(client.created_at.getTime() / 1000),
          token_endpoint_auth_method: 'none',
        },
        201,
        { 'Cache-Control': 'no-store' },
      )
    } catch (error) {
      if (error instanceof OAuthError) return answerOAuthError(c, error)
      throw error
    }
  })
}
