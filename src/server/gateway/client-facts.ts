import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export type ClientFacts = { address: string; https: boolean }

const socketAddress = (c: Context) => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // an in-process request (tests, app.request) has no socket
    return 'unknown'
  }
}

/**
 * The client's address and scheme. Behind a proxy (`trustProxy`), the proxy's `X-Forwarded-For` (its last
 * entry: the one it added itself) and `X-Forwarded-Proto` speak for the client; otherwise both are ignored,
 * since any client can send them.
 */
export function clientFacts(c: Context, trustProxy: boolean): ClientFacts {
  const direct = { address: socketAddress(c), https: c.req.url.startsWith('https:') }
  if (!trustProxy) return direct
  const forwardedFor = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
  const forwardedProto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  return {
    address: forwardedFor || direct.address,
    https: forwardedProto ? forwardedProto === 'https' : direct.https,
  }
}

export type GatewayEnv = {
  Variables: {
    client: ClientFacts
    apiKey?: string
    /** The call was counted against a demo visitor's own limits (see `createVisitorLimits`). */
    visitorCounted?: boolean
    /** The origins an embed page's token lets frame it, once the page has asked the service. */
    embedAncestors?: string[]
  }
}
