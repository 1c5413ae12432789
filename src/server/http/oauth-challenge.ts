import { type Authenticate, tokenFrom } from './auth'

/** Where the assistant's interface lives; OAuth access tokens are issued for it (RFC 8707). */
export const MCP_PATH = '/mcp'
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource'

/**
 * The challenge a 401 from a protected resource (the assistant's `/mcp`) carries, so a client finds how to
 * get a token (RFC 9728 5.1, MCP authorization). `origin`: PUBLIC_URL's, or the request's own.
 */
export const bearerChallenge = (origin: string, error?: 'invalid_token') =>
  `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}"${error ? `, error="${error}"` : ''}`

/** The one way a protected resource reads its caller: an API key, a person's key or an OAuth access token. */
export async function callerOf(authorization: string | undefined, authenticate: Authenticate) {
  const token = authorization ? tokenFrom(authorization) : undefined
  return token ? authenticate(token) : null
}

/** A JSON:API 401 that tells an OAuth client where to start. */
export const challengeAnswer = (origin: string, presented: boolean) =>
  new Response(
    JSON.stringify({
      errors: [
        {
          status: '401',
          title: 'Unauthorized',
          detail: presented ? 'That token is not valid' : 'An API key or an OAuth access token is required',
          code: 'unauthorized',
        },
      ],
    }),
    {
      status: 401,
      headers: {
        'Content-Type': 'application/vnd.api+json',
        'WWW-Authenticate': bearerChallenge(origin, presented ? 'invalid_token' : undefined),
      },
    },
  )
