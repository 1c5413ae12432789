import type { Context } from 'hono'
import type { GatewayEnv } from './client-facts'

export const OAUTH_SCOPES = ['quayside:read', 'quayside:write'] as const

/** This server as the browser and the assistant see it: PUBLIC_URL when set, else the request's own origin. */
export const ownOrigin = (c: Context<GatewayEnv>, publicUrl: string | undefined) =>
  publicUrl
    ? new URL(publicUrl).origin
    : `${c.var.client?.https ? 'https' : 'http'}://${new URL(c.req.url).host}`
