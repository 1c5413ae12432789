import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Session, SignInSchema } from '../../contract/session'
import { appPage } from './app-pages'
import type { SessionStore } from './sessions'

export const SESSION_COOKIE = 'quayside_session'

/** The largest request body passed on to the service, which refuses anything bigger anyway. */
const MAX_BODY_BYTES = 1024 * 1024

/** Where `/v2` calls go: the in-process service, or a remote Terminal49-compatible one. */
export type ServiceTarget = (request: Request) => Promise<Response>

export type GatewayOptions = {
  service: ServiceTarget
  sessions: SessionStore
  /** Signs every visitor in with this key (the demo deployment). */
  demoApiKey?: string
  /** Folder holding the built dashboard; absent in API-only runs. */
  staticRoot?: string
}

const jsonError = (
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
  source?: { pointer: string },
) =>
  c.body(
    JSON.stringify({ errors: [{ status: String(status), title, detail, ...(source ? { source } : {}) }] }),
    status,
    { 'Content-Type': 'application/vnd.api+json' },
  )

/**
 * The dashboard's own server: it keeps the API key in a server-side session and adds
 * `Authorization: Token <key>` to the `/v2` calls it passes on.
 */
export function createGateway(options: GatewayOptions) {
  const { service, sessions, demoApiKey, staticRoot } = options
  const app = new Hono()

  const startSession = (c: Context, apiKey: string) => {
    const id = sessions.create(apiKey)
    setCookie(c, SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: 12 * 60 * 60,
    })
  }
  const answer = (c: Context, session: Session) => c.json(session)

  // in demo mode a visitor without a session uses the public demo key, so nothing is stored for them
  app.get('/session', (c) => {
    const session = sessions.get(getCookie(c, SESSION_COOKIE))
    if (session) return answer(c, { signedIn: true, demo: false, access: 'read-write' })
    return answer(c, { signedIn: Boolean(demoApiKey), demo: Boolean(demoApiKey), access: 'read-write' })
  })

  app.post('/session', async (c) => {
    const parsed = SignInSchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success)
      return jsonError(c, 422, 'Unprocessable Entity', 'Enter an API key', { pointer: '/apiKey' })
    const probe = await service(
      new Request(new URL('/v2/shipments?page[size]=1', c.req.url), {
        headers: { Authorization: `Token ${parsed.data.apiKey}`, Accept: 'application/vnd.api+json' },
      }),
    )
    if (probe.status === 401 || probe.status === 403)
      return jsonError(c, 401, 'Unauthorized', 'That API key was not accepted', { pointer: '/apiKey' })
    if (!probe.ok) return jsonError(c, 502, 'Bad Gateway', `The tracking service answered ${probe.status}`)
    startSession(c, parsed.data.apiKey)
    return answer(c, { signedIn: true, demo: false, access: 'read-write' })
  })

  app.delete('/session', (c) => {
    sessions.delete(getCookie(c, SESSION_COOKIE))
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.body(null, 204)
  })

  app.all(
    '/v2/*',
    // counted while it streams in, so an oversized body is refused before it is held in memory
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => jsonError(c, 413, 'Payload Too Large', 'The request body is larger than 1 MB'),
    }),
    async (c) => {
      const headers = new Headers(c.req.raw.headers)
      headers.delete('cookie')
      if (!headers.has('authorization')) {
        const apiKey = sessions.get(getCookie(c, SESSION_COOKIE))?.apiKey ?? demoApiKey
        if (apiKey) headers.set('authorization', `Token ${apiKey}`)
      }
      const method = c.req.method
      const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
      return service(new Request(c.req.url, { method, headers, body, signal: c.req.raw.signal }))
    },
  )

  if (staticRoot) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: staticRoot }))
    app.get('*', appPage(staticRoot))
  }
  app.notFound((c) =>
    jsonError(c, 404, 'Not Found', `There is no ${c.req.method} ${new URL(c.req.url).pathname}`),
  )
  return app
}

/** Passes `/v2` calls to a remote service at `upstreamUrl` (which ends in /v2). */
export const upstreamTarget =
  (upstreamUrl: string, fetchImpl: typeof fetch = fetch): ServiceTarget =>
  async (request) => {
    const incoming = new URL(request.url)
    const target = new URL(
      upstreamUrl.replace(/\/$/, '') + incoming.pathname.replace(/^\/v2/, '') + incoming.search,
    )
    const headers = new Headers()
    for (const name of ['accept', 'authorization', 'content-type'])
      if (request.headers.has(name)) headers.set(name, request.headers.get(name)!)
    // the gateway has already read and capped the body, so this copy is at most MAX_BODY_BYTES
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const response = await fetchImpl(target, { method: request.method, headers, body, redirect: 'manual' })
    const passed = new Headers()
    for (const name of ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
      if (response.headers.has(name)) passed.set(name, response.headers.get(name)!)
    return new Response(response.body, { status: response.status, headers: passed })
  }
