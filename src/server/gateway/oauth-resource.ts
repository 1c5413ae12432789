import type { Context } from 'hono'
import type { GatewayEnv } from './client-facts'

/** Where the assistant's interface lives; OAuth access tokens are issued for it (RFC 8707). */
export const MCP_PATH = '/mcp'
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource'
export const OAUTH_SCOPES = ['quayside:read', 'quayside:write'] as const

/** This server as the browser and the assistant see it: PUBLIC_URL when set, else the request's own origin. */
export const ownOrigin = (c: Context<GatewayEnv>, publicUrl: string | undefined) =>
  publicUrl
    ? new URL(publicUrl).origin
    : `${c.var.client?.https ? 'https' : 'http'}://${new URL(c.req.url).host}`

/**
 * The challenge a 401 from a protected resource (the assistant's `/mcp`) carries, so a client can discover
 * how to get a token (RFC 9728 5.1; MCP authorization). `origin` as `ownOrigin` gives it.
 */
export const bearerChallenge = (origin: string, error?: 'invalid_token') =>
  `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}"${error ? `, error="${error}"` : ''}`
