import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export type ClientFacts = { address: string; https: boolean }

const socketAddress = (c: Context) => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Behind a proxy, the last `X-Forwarded-For` entry (the proxy's own); otherwise any client could forge it. */
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
    visitorCounted?: boolean
    embedAncestors?: string[]
    /** A server-rendered page's own Content-Security-Policy (the OAuth consent page). */
    pagePolicy?: string
  }
}
