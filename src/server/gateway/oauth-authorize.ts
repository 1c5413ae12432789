import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { roleAtLeast } from '../../contract/people'
import { MCP_PATH } from '../http/oauth-challenge'
import type { OAuthClient } from '../storage/oauth-store'
import type { GatewayEnv } from './client-facts'
import { consentPage, refusalPage } from './oauth-consent-page'
import { type AuthorizeKit, htmlAnswer } from './oauth-kit'
import { redirectTarget, redirectWith } from './oauth-redirects'
import { ownOrigin } from './oauth-resource'
import { CONSENT_MS, isClientId, isS256Challenge, isState, tokenHash } from './oauth-tokens'
import { SESSION_COOKIE } from './person-session'

type Query = (name: string) => string | undefined

/** Unknown client or unregistered redirect: never redirected (RFC 6749 4.1.2.1), told on a page instead. */
async function knownClient(kit: AuthorizeKit, query: Query) {
  const clientId = query('client_id')
  const client = isClientId(clientId) ? await kit.store.oauth.client(clientId) : undefined
  if (!client) return { refused: refusalPage('Unknown app', 'This app is not registered with Quayside.') }
  const redirectUri = query('redirect_uri')
  if (!redirectUri || !client.redirect_uris.includes(redirectUri))
    return {
      refused: refusalPage(
        'This link is not the app’s own',
        'The redirect address in this link is not one the app registered, so Quayside will not send you there.',
      ),
    }
  return { client, redirectUri }
}

const SCOPES = new Set(['quayside:read', 'quayside:write'])

/** An error the app may hear: sent back to its (checked) redirect URI with the state. */
function requestProblem(origin: string, query: Query) {
  if (query('response_type') !== 'code') return ['unsupported_response_type', 'response_type must be code']
  if (!isState(query('state'))) return ['invalid_request', 'state is at most 500 printable ASCII characters']
  if (query('code_challenge_method') !== 'S256' || !isS256Challenge(query('code_challenge')))
    return ['invalid_request', 'PKCE is required: a code_challenge with code_challenge_method S256']
  const scopes = (query('scope') ?? 'quayside:read').split(' ').filter(Boolean)
  if (scopes.some((scope) => !SCOPES.has(scope)))
    return ['invalid_scope', 'The scopes are quayside:read and quayside:write']
  if (query('resource') !== `${origin}${MCP_PATH}`)
    return ['invalid_target', `resource must be this server's ${origin}${MCP_PATH}`]
  return undefined
}

/** Sign-in first, then back here: the dashboard's sign-in page follows `next`. */
async function signedInPerson(kit: AuthorizeKit, c: Context<GatewayEnv>) {
  const id = getCookie(c, SESSION_COOKIE)
  const facts = await kit.sessions.get(id)
  const person = facts?.userId ? await kit.people.userFacts(facts.userId) : undefined
  return id && facts && person ? { id, facts, person } : undefined
}

async function askConsent(
  kit: AuthorizeKit,
  c: Context<GatewayEnv>,
  client: OAuthClient,
  redirectUri: string,
  query: Query,
) {
  const signedIn = await signedInPerson(kit, c)
  const here = new URL(c.req.url)
  if (!signedIn) return c.redirect(`/sign-in?next=${encodeURIComponent(here.pathname + here.search)}`, 302)
  const { person, facts } = signedIn
  const askedWrite = (query('scope') ?? '').split(' ').includes('quayside:write')
  // a read-only session (the public demo's visitor) or a role that only reads grants reading only
  const mayWrite = facts.access === 'read-write' && roleAtLeast(person.role, 'operator')
  const scope = askedWrite && mayWrite ? 'write' : 'read'
  const nonce = randomBytes(32).toString('base64url')
  const at = kit.now()
  await kit.store.oauth.begin(
    {
      client_id: client.id,
      account_id: person.accountId,
      user_id: person.id,
      session_hash: tokenHash(signedIn.id),
      nonce_hash: tokenHash(nonce),
      redirect_uri: redirectUri,
      state: query('state') ?? null,
      code_challenge: query('code_challenge')!,
      scope: scope === 'write' ? 'quayside:write' : 'quayside:read',
      resource: query('resource')!,
      consent_expires_at: new Date(at.getTime() + CONSENT_MS),
    },
    at,
  )
  const target = redirectTarget(redirectUri)
  return htmlAnswer(
    c,
    consentPage({
      clientName: client.client_name,
      redirectShown: target.shown,
      formTarget: target.source,
      personName: person.name,
      email: person.email,
      scope,
      askedWrite: askedWrite && !mayWrite,
      nonce,
    }),
  )
}

/** The authorization endpoint (OAuth 2.1 4.1.1): a signed-in person's consent, then a one-time code. */
export function oauthAuthorizeRoute(kit: AuthorizeKit) {
  return new Hono<GatewayEnv>().get('/oauth/authorize', async (c) => {
    const query: Query = (name) => c.req.query(name)
    const known = await knownClient(kit, query)
    if ('refused' in known) return htmlAnswer(c, known.refused!, 400)
    const problem = requestProblem(ownOrigin(c, kit.publicUrl), query)
    if (problem)
      return c.redirect(
        redirectWith(known.redirectUri, {
          error: problem[0],
          error_description: problem[1],
          state: query('state'),
          iss: ownOrigin(c, kit.publicUrl),
        }),
        302,
      )
    return askConsent(kit, c, known.client, known.redirectUri, query)
  })
}
