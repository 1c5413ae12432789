import type { Context } from 'hono'
import type { ClientFacts } from './client-facts'
import { earlyRefusal } from './refusal'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = /^application\/(?:vnd\.api\+json|json)\s*(?:;|$)/i

export const changesState = (method: string) => !SAFE_METHODS.has(method)

/** The origin a browser shows for this server: PUBLIC_URL's, and the one the request itself was made to. */
const ownOrigins = (c: Context, facts: ClientFacts, publicUrl: string | undefined) => {
  const origins = new Set<string>()
  if (publicUrl) origins.add(new URL(publicUrl).origin)
  origins.add(`${facts.https ? 'https' : 'http'}://${new URL(c.req.url).host}`)
  return origins
}

/** Whether the browser says the request comes from another site or origin (a request with neither header is not a browser's). */
export function isCrossOrigin(c: Context, facts: ClientFacts, publicUrl: string | undefined) {
  const origin = c.req.header('Origin')
  if (origin !== undefined) return !ownOrigins(c, facts, publicUrl).has(origin.toLowerCase())
  const site = c.req.header('Sec-Fetch-Site')
  return site !== undefined && site !== 'same-origin' && site !== 'none'
}

/**
 * Refuses a state-changing request that a cookie session would authenticate, unless it comes from this
 * server's own pages: its Origin (or Sec-Fetch-Site) must be this origin (403), and its Content-Type JSON
 * (415), which no HTML form can send and no other origin can send without a preflight this server never
 * grants. Sign-in (login CSRF) goes through the same check.
 */
export function refuseCrossSiteWrite(c: Context, facts: ClientFacts, publicUrl: string | undefined) {
  if (isCrossOrigin(c, facts, publicUrl))
    throw earlyRefusal(403, {
      detail: 'This request came from another site; changes can only be made from Quayside itself',
      code: 'cross_origin',
    })
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? ''))
    throw earlyRefusal(415, {
      detail: 'Send changes as application/vnd.api+json or application/json',
      code: 'unsupported_media_type',
    })
}
