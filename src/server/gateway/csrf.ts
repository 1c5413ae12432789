import type { Context } from 'hono'
import type { ClientFacts } from './client-facts'
import { earlyRefusal } from './refusal'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = /^application\/(?:vnd\.api\+json|json)\s*(?:;|$)/i

export const changesState = (method: string) => !SAFE_METHODS.has(method)

const ownOrigins = (c: Context, facts: ClientFacts, publicUrl: string | undefined) => {
  const origins = new Set<string>()
  if (publicUrl) origins.add(new URL(publicUrl).origin)
  origins.add(`${facts.https ? 'https' : 'http'}://${new URL(c.req.url).host}`)
  return origins
}

/** A request with neither header is not a browser's. */
export function isCrossOrigin(c: Context, facts: ClientFacts, publicUrl: string | undefined) {
  const origin = c.req.header('Origin')
  if (origin !== undefined) return !ownOrigins(c, facts, publicUrl).has(origin.toLowerCase())
  const site = c.req.header('Sec-Fetch-Site')
  return site !== undefined && site !== 'same-origin' && site !== 'none'
}

/** Origin must be ours (403) and Content-Type JSON (415), which no form or unpreflighted origin can send. */
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
