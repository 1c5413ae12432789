import type { Context, MiddlewareHandler } from 'hono'
import type { AuthEnv } from './auth'
import { Problem } from './problem'

/** Set in-process by the gateway for demo visitors; over HTTP no client can set it. */
export type CountedElsewhere = { visitorCounted?: true }
export const countedElsewhere = (c: Context) =>
  (c.env as CountedElsewhere | undefined)?.visitorCounted === true

/** A fixed one-minute window per API key, on the injected clock so tests can move time. */
export function createRateLimiter(limitPerMinute: number, now: () => Date) {
  const windows = new Map<string, { start: number; count: number }>()
  // sweeping costs the whole map, so it waits until the map has doubled since the last sweep
  let sweepAt = 10_000
  const windowOf = (key: string, time: number) => {
    let window = windows.get(key)
    if (!window || time - window.start >= 60_000) {
      window = { start: time, count: 0 }
      windows.set(key, window)
      if (windows.size > sweepAt) {
        for (const [k, w] of windows) if (time - w.start >= 60_000) windows.delete(k)
        sweepAt = Math.max(10_000, windows.size * 2)
      }
    }
    return window
  }
  const take = (key: string, amount = 1) => {
    const time = now().getTime()
    const window = windowOf(key, time)
    window.count += amount
    return {
      limit: String(limitPerMinute),
      remaining: String(Math.max(0, limitPerMinute - window.count)),
      over: window.count > limitPerMinute,
      retryAfter: Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000)),
    }
  }
  const fits = (key: string) => windowOf(key, now().getTime()).count < limitPerMinute

  const middleware: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (countedElsewhere(c)) return next()
    const taken = take(c.var.caller.keyId)
    c.header('X-RateLimit-Limit', taken.limit)
    c.header('X-RateLimit-Remaining', taken.remaining)
    if (taken.over)
      throw new Problem(
        429,
        [
          {
            status: '429',
            title: 'Too Many Requests',
            detail: `This API key may make ${limitPerMinute} requests a minute; try again in ${taken.retryAfter} s`,
            code: 'rate_limited',
          },
        ],
        { 'Retry-After': String(taken.retryAfter) },
      )
    await next()
  }
  return { take, fits, middleware }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
