import type { Context, MiddlewareHandler } from 'hono'

/**
 * Runs a body limit only where a body may come: hono's limit reads the body stream even for a GET,
 * which turns the node adapter's lightweight request into a full Request on every read (a twentieth of
 * a fresh search's time).
 */
export const limitBodiesOnly =
  (limitFor: (c: Context) => MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitFor(c)(c, next)
