import { type Authenticate, type Caller, tokenFrom } from '../http/auth'
import { Problem, problem } from '../http/problem'

/**
 * The one place the 401's challenge is built. The OAuth sign-in (issue 29's people, h32-oauth) extends it with
 * `resource_metadata="<public URL>/.well-known/oauth-protected-resource"` so a client can find where to sign in.
 */
function mcpChallenge(_publicUrl: string, error?: 'invalid_token') {
  return `Bearer realm="quayside"${error ? `, error="${error}"` : ''}`
}

export type McpCaller = {
  caller: Caller
  /** What the tools send to /v2 for this caller: the same credential, never another. */
  authorization: string
}

/**
 * The request's caller: `Authorization: Token <key>` or `Bearer <key>`, an account or person's API key. The
 * single seam an OAuth access token is added to. Cookies are never a credential on /mcp.
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
      ? "An API key is required: send 'Authorization: Bearer <API key>' (or 'Token <API key>')"
      : token
        ? 'That API key is not valid'
        : "The Authorization header must read 'Bearer <API key>' or 'Token <API key>'",
    code: 'unauthorized',
  })
  throw new Problem(401, refused.errors, {
    'WWW-Authenticate': mcpChallenge(publicUrl, header ? 'invalid_token' : undefined),
  })
}
