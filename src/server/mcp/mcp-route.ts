import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Authenticate } from '../http/auth'
import { Problem, problem } from '../http/problem'
import { mcpCaller } from './mcp-auth'

// loaded at the first MCP message: the SDK and the tools took a quarter of a second of every start
const mcpParts = () =>
  Promise.all([
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('./mcp-server'),
  ])

type Options = {
  authenticate: Authenticate
  publicUrl: string
  /** The app itself: a tool's call to /v2 is served in-process with the caller's own header and the gateway's facts. */
  service: (request: Request, env: unknown) => Response | Promise<Response>
}

const MAX_BODY = 1024 * 1024

/**
 * Streamable HTTP, stateless: every POST is a whole exchange with a fresh server for its caller. There is no
 * session to resume, so GET (a standing event stream) and DELETE (ending a session) are refused.
 */
export function mcpRoutes({ authenticate, publicUrl, service }: Options) {
  const origin = new URL(publicUrl).origin
  const mcp = new Hono()
  mcp.use(
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw problem(413, { detail: 'An MCP message is at most 1 MB', code: 'payload_too_large' })
      },
    }),
  )
  mcp.all('/', async (c) => {
    const sentOrigin = c.req.header('origin')
    // a browser page elsewhere: refused before anything is read, cookies or not
    if (sentOrigin && sentOrigin !== origin)
      throw problem(403, {
        detail: `Requests from ${sentOrigin.slice(0, 100)} are not accepted on /mcp`,
        code: 'forbidden',
      })
    // a client finds out how to sign in whatever it sends first
    const { authorization } = await mcpCaller(c.req.raw, authenticate, publicUrl)
    if (c.req.method !== 'POST')
      throw new Problem(
        405,
        problem(405, {
          detail: 'This MCP endpoint is stateless: send each message with POST',
          code: 'method_not_allowed',
        }).errors,
        { Allow: 'POST' },
      )
    const [{ WebStandardStreamableHTTPServerTransport }, { createQuaysideMcp }] = await mcpParts()
    const server = createQuaysideMcp(async (path, init = {}) => {
      const headers: Record<string, string> = {
        Authorization: authorization,
        Accept: 'application/vnd.api+json',
      }
      if (init.body !== undefined) headers['Content-Type'] = 'application/vnd.api+json'
      const body = init.body === undefined ? undefined : JSON.stringify(init.body)
      // the client the gateway saw, so the audit trail says where an assistant's change came from
      return service(new Request(`${origin}${path}`, { method: init.method ?? 'GET', headers, body }), c.env)
    })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedOrigins: [origin],
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(c.req.raw)
    } finally {
      await server.close()
    }
  })
  return mcp
}
