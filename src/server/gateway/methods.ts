import type { MiddlewareHandler } from 'hono'
import { earlyRefusal } from './refusal'

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const allowedSet = new Set(ALLOWED_METHODS)

export const refuseUnknownMethods: MiddlewareHandler = async (c, next) => {
  if (!allowedSet.has(c.req.method))
    throw earlyRefusal(
      405,
      { detail: `The method ${c.req.method.slice(0, 20)} is not supported`, code: 'method_not_allowed' },
      { Allow: ALLOWED_METHODS.join(', ') },
    )
  await next()
}
