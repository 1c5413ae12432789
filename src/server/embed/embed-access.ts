import type { Context, MiddlewareHandler } from 'hono'
import { SERVICE_TIME_HEADER } from '../../contract/service-time'
import type { Clock } from '../clock'
import { Problem, problem } from '../http/problem'
import type { RateLimiter } from '../http/rate-limit'
import type { EmbedTokenRow } from '../storage/embed-token-store'
import type { Storage } from '../storage/storage'

export type EmbedEnv = {
  Variables: {
    grant: EmbedTokenRow
    caller: { accountId: string; scope: 'read'; keyId: string; role: 'viewer' }
    publicUrl: string
  }
}

const BEARER = /^Bearer (qse_[A-Za-z0-9_-]{16,64})$/

const unauthorized = (detail: string, code: string) => problem(401, { detail, code })

/** The iframe is this service's own page. */
function originAllowed(c: Context, grant: EmbedTokenRow) {
  const origin = c.req.header('Origin')
  const own = new URL(c.req.url).origin
  if (origin !== undefined) return origin === own || grant.allowed_origins.includes(origin)
  // a same-origin GET carries no Origin; a cross-site one always does
  const site = c.req.header('Sec-Fetch-Site')
  return site === undefined || site === 'same-origin' || site === 'none'
}

/** Other sites get no Access-Control-Allow-Origin, so their pages cannot read it. */
export function allowListedOrigin(c: Context, grant: EmbedTokenRow | undefined) {
  const origin = c.req.header('Origin')
  c.header('Vary', 'Origin')
  if (origin && grant?.allowed_origins.includes(origin)) {
    c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Expose-Headers', SERVICE_TIME_HEADER)
  }
}

/** So the widget can say why rather than "network". */
function refusalReadable(c: Context) {
  const origin = c.req.header('Origin')
  c.header('Vary', 'Origin')
  if (origin) c.header('Access-Control-Allow-Origin', origin)
}

export const embedAccess =
  (storage: Storage, wallClock: Clock, limiter: RateLimiter): MiddlewareHandler<EmbedEnv> =>
  async (c, next) => {
    // even once revoked or expired, so an iframe can still say so
    const describing = c.req.path.endsWith('/embed/v1/token')
    const match = BEARER.exec(c.req.header('Authorization') ?? '')
    if (!match) {
      refusalReadable(c)
      throw unauthorized("Send the embed token as 'Authorization: Bearer qse_…'", 'token_missing')
    }
    const now = wallClock.now()
    const grant = await storage.embedTokens.use(match[1], now)
    if (!grant) {
      refusalReadable(c)
      throw unauthorized('This embed token is not known', 'token_unknown')
    }
    allowListedOrigin(c, grant)
    if (!originAllowed(c, grant)) {
      refusalReadable(c)
      throw problem(403, {
        detail: 'This site is not allowed to use this embed token',
        code: 'origin_not_allowed',
      })
    }
    if (grant.revoked_at && !describing)
      throw unauthorized('This tracking link has been revoked by its owner', 'token_revoked')
    if (grant.expires_at.getTime() <= now.getTime() && !describing)
      throw unauthorized('This tracking link has expired', 'token_expired')
    const taken = limiter.take(`embed:${grant.id}`)
    c.header('X-RateLimit-Limit', taken.limit)
    c.header('X-RateLimit-Remaining', taken.remaining)
    if (taken.over)
      throw new Problem(
        429,
        problem(429, {
          detail: `This embed token may make ${taken.limit} requests a minute; try again in ${taken.retryAfter} s`,
          code: 'rate_limited',
        }).errors,
        { 'Retry-After': String(taken.retryAfter) },
      )
    c.set('grant', grant)
    c.set('caller', {
      accountId: grant.account_id,
      scope: 'read',
      keyId: `embed:${grant.id}`,
      role: 'viewer',
    })
    await next()
  }
