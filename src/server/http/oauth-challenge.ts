/** Where the assistant's interface lives; OAuth access tokens are issued for it (RFC 8707). */
export const MCP_PATH = '/mcp'
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource'

/**
 * The challenge a 401 from a protected resource (the assistant's `/mcp`) carries, so a client finds how to
 * get a token (RFC 9728 5.1, MCP authorization). `origin`: PUBLIC_URL's, or the request's own.
 */
export const bearerChallenge = (origin: string, error?: 'invalid_token') =>
  `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}"${error ? `, error="${error}"` : ''}`
