import type { Context } from 'hono'
import type { CountedElsewhere } from './rate-limit'

/** The client as the gateway saw it: through a cookie session (the dashboard) or with a token (the API). */
export type GatewayClient = { via: 'dashboard' | 'api'; address: string }

/**
 * Handed to the in-process service as Hono's `env` (the second argument of `app.fetch`), never as a header:
 * no HTTP request can set `env`, so an outside caller cannot forge its address or `via`, and a service
 * reached any other way (a test's `app.request`, a listener of its own) simply has no gateway facts.
 */
export type FromGateway = CountedElsewhere & { client?: GatewayClient }

export const gatewayClient = (c: Context): GatewayClient | undefined => {
  const client = (c.env as FromGateway | undefined)?.client
  return client && (client.via === 'dashboard' || client.via === 'api') && typeof client.address === 'string'
    ? client
    : undefined
}
