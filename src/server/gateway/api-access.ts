import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { FromGateway } from '../http/gateway-facts'
import type { createAttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { changesState, refuseCrossSiteWrite } from './csrf'
import { earlyRefusal } from './refusal'
import { SESSION_COOKIE } from './session-routes'
import type { SessionStore } from './sessions'
import type { ViewAsCheck } from './view-as-check'
import type { VisitorLimits } from './visitor-limits'

export const passToService =
  (
    service: (request: Request, facts?: FromGateway) => Promise<Response>,
    limits: ReturnType<typeof createAttemptLimits>,
  ) =>
  async (c: Context<GatewayEnv>) => {
    const address = c.var.client.address
    // no copy made
    if (c.req.header('Authorization') !== undefined) {
      const response = await service(c.req.raw, { client: { via: 'api', address } })
      if (response.status === 401) limits.recordFailure(c.var.client.address)
      return response
    }
    const method = c.req.method
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    if (c.var.apiKey) headers.set('authorization', `Token ${c.var.apiKey}`)
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
    return service(new Request(c.req.url, { method, headers, body, signal: c.req.raw.signal }), {
      ...(c.var.visitorCounted ? { visitorCounted: true } : {}),
      client: { via: 'dashboard', address },
    })
  }

/** A cookie session's write must come from this origin as JSON; a read-only session may not write. */
export const apiAccess =
  (
    sessions: SessionStore,
    limits: ReturnType<typeof createAttemptLimits>,
    visitorLimits: VisitorLimits,
    publicUrl: string | undefined,
    checkViewAs?: ViewAsCheck,
  ) =>
  async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    if (c.req.header('Authorization') !== undefined) {
      limits.checkFailures(c.var.client.address)
      return next()
    }
    const sessionId = getCookie(c, SESSION_COOKIE)
    const session = await sessions.use(sessionId)
    const viewAsKey = session && checkViewAs ? await checkViewAs(sessionId!, session) : session?.viewAsKey
    if (session && changesState(c.req.method)) {
      refuseCrossSiteWrite(c, c.var.client, publicUrl)
      if (viewAsKey)
        throw earlyRefusal(403, {
          detail: 'View as is read-only: stop viewing to make changes',
          code: 'view_as_read_only',
        })
      if (session.access === 'read-only')
        throw earlyRefusal(403, {
          detail: session.demo
            ? 'This demo is read-only: you can look around, but changes are not available'
            : 'This API key is read-only and cannot make changes',
          code: 'read_only',
        })
    }
    if (session?.demo) {
      // every demo visitor together, whatever session key each holds
      visitorLimits.take(sessionId!, c.var.client.address, 'demo')
      c.set('visitorCounted', true)
    }
    if (session) c.set('apiKey', viewAsKey ?? session.apiKey)
    return next()
  }
