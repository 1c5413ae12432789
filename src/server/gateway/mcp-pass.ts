import type { Context } from 'hono'
import type { FromGateway } from '../http/gateway-facts'
import type { createAttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'

/**
 * /mcp takes tokens only: the session cookie is dropped, so a page on another site can do nothing with it
 * (no CSRF), and a wrong token counts against the client as a wrong key on /v2 does.
 */
export const passMcpToService =
  (
    service: (request: Request, facts?: FromGateway) => Promise<Response>,
    limits: ReturnType<typeof createAttemptLimits>,
  ) =>
  async (c: Context<GatewayEnv>) => {
    const address = c.var.client.address
    limits.checkFailures(address)
    const method = c.req.method
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
    const request = new Request(c.req.url, { method, headers, body, signal: c.req.raw.signal })
    const response = await service(request, { client: { via: 'api', address } })
    if (response.status === 401) limits.recordFailure(address)
    return response
  }
