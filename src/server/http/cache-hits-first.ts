import type { MiddlewareHandler } from 'hono'
import { type Caller, tokenFrom } from './auth'
import { countedElsewhere, type RateLimiter } from './rate-limit'
import type { ResponseCache } from './response-cache'

/** For a small document, routing and the middleware chain cost more than the answer; same checks, same order. */
export function cacheHitsFirst(options: {
  knownCaller: (rawKey: string) => Caller | null | undefined
  limiter: RateLimiter
  cache: ResponseCache
}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next()
    const token = tokenFrom(c.req.header('Authorization') ?? '')
    const caller = token ? options.knownCaller(token) : undefined
    const counted = countedElsewhere(c)
    if (!caller || (!counted && !options.limiter.fits(caller.keyId))) return next()
    const entry = options.cache.freshEntry(
      caller,
      c.req.header('Accept'),
      c.req.url,
      c.req.header('Cache-Control'),
    )
    if (!entry) return next()
    if (counted) return options.cache.answer(entry, c.req.header('Accept-Encoding'), { 'X-Cache': 'hit' })
    const taken = options.limiter.take(caller.keyId)
    return options.cache.answer(entry, c.req.header('Accept-Encoding'), {
      'X-Cache': 'hit',
      'X-RateLimit-Limit': taken.limit,
      'X-RateLimit-Remaining': taken.remaining,
    })
  }
}
