import type { Context, MiddlewareHandler } from 'hono'

/** Hono's limit reads the body even for a GET, a twentieth of a fresh search's time. */
export const limitBodiesOnly =
  (limitFor: (c: Context) => MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitFor(c)(c, next)
