import { type Authenticate, type Caller, tokenFrom } from '../http/auth'
import { bearerChallenge } from '../http/oauth-challenge'
import { Problem, problem } from '../http/problem'

/** A 401 points an assistant at where a person can grant it a token (RFC 9728, the MCP authorization spec). */
const mcpChallenge = (publicUrl: string, error?: 'invalid_token') =>
  bearerChallenge(new URL(publicUrl).origin, error)

export type McpCaller = {
  caller: Caller
  /** What the tools send to /v2 for this caller: the same credential, never another. */
  authorization: string
}

/**
 * The request's caller: `Authorization: Token <key>` or `Bearer <key>`, an account or person's API key, or an
 * OAuth access token (a person's key of kind `oauth`). Cookies are never a credential on /mcp.
 */
export async function mcpCaller(
  request: Request,
  authenticate: Authenticate,
  publicUrl: string,
): Promise<McpCaller> {
  const header = request.headers.get('authorization') ?? ''
  const token = tokenFrom(header)
  const caller = token ? await authenticate(token) : null
  if (token && caller) return { caller, authorization: `Token ${token}` }
  const refused = problem(401, {
    detail: !header
      ? "An API key or an OAuth access token is required: send 'Authorization: Bearer <key or token>'"
      : token
        ? 'That key or token is not valid'
        : "The Authorization header must read 'Bearer <key or token>' or 'Token <API key>'",
    code: 'unauthorized',
  })
  throw new Problem(401, refused.errors, {
    'WWW-Authenticate': mcpChallenge(publicUrl, header ? 'invalid_token' : undefined),
  })
}
