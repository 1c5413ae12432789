import type { MiddlewareHandler } from 'hono'
import type { AuthEnv } from './auth'
import { Problem } from './problem'

/** A fixed one-minute window per API key, on the injected clock so tests can move time. */
export function rateLimit(limitPerMinute: number, now: () => Date): MiddlewareHandler<AuthEnv> {
  const windows = new Map<string, { start: number; count: number }>()
  return async (c, next) => {
    const key = c.var.caller.keyId
    const time = now().getTime()
    let window = windows.get(key)
    if (!window || time - window.start >= 60_000) {
      window = { start: time, count: 0 }
      windows.set(key, window)
      if (windows.size > 10_000) for (const [k, w] of windows) if (time - w.start >= 60_000) windows.delete(k)
    }
    window.count += 1
    const retryAfter = Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000))
    c.header('X-RateLimit-Limit', String(limitPerMinute))
    c.header('X-RateLimit-Remaining', String(Math.max(0, limitPerMinute - window.count)))
    if (window.count > limitPerMinute)
      throw new Problem(
        429,
        [
          {
            status: '429',
            title: 'Too Many Requests',
            detail: `This API key may make ${limitPerMinute} requests a minute; try again in ${retryAfter} s`,
            code: 'rate_limited',
          },
        ],
        { 'Retry-After': String(retryAfter) },
      )
    await next()
  }
}
