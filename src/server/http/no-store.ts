import type { MiddlewareHandler } from 'hono'

/**
 * Answers that may carry a secret (a session, a new key's token, an accept or reset link, a webhook secret)
 * are kept in no cache, the browser's included. `writesOnly`: reads keep their own caching.
 */
export const noStore =
  (writesOnly = false): MiddlewareHandler =>
  async (c, next) => {
    await next()
    if (writesOnly && (c.req.method === 'GET' || c.req.method === 'HEAD')) return
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  }
