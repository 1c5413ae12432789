import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import type { SessionStore } from './sessions'

export const SESSION_COOKIE = 'quayside_session'

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

const SignIn = z.object({ apiKey: z.string().trim().min(8).max(200) })

const jsonError = (status: number, title: string, detail: string, pointer?: string) => ({
  errors: [{ status: String(status), title, detail, ...(pointer ? { source: { pointer } } : {}) }],
})

/**
 * The dashboard's own server: it keeps the API key in a server-side session and adds
 * `Authorization: Token <key>` to the `/v2` calls it passes on.
 */
export function createGateway(options: GatewayOptions) {
  const { service, sessions, demoApiKey, staticRoot } = options
  const app = new Hono()

  const startSession = (c: Context, apiKey: string, demo: boolean) => {
    const id = sessions.create(apiKey, demo)
    setCookie(c, SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: 12 * 60 * 60,
    })
  }

  app.get('/session', (c) => {
    const session = sessions.get(getCookie(c, SESSION_COOKIE))
    if (session) return c.json({ signedIn: true, demo: session.demo })
    if (demoApiKey) {
      startSession(c, demoApiKey, true)
      return c.json({ signedIn: true, demo: true })
    }
    return c.json({ signedIn: false, demo: false })
  })

  app.post('/session', async (c) => {
    const parsed = SignIn.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success)
      return c.json(jsonError(422, 'Unprocessable Entity', 'Enter an API key', '/apiKey'), 422)
    const probe = await service(
      new Request(new URL('/v2/shipments?page[size]=1', c.req.url), {
        headers: { Authorization: `Token ${parsed.data.apiKey}`, Accept: 'application/vnd.api+json' },
      }),
    )
    if (probe.status === 401 || probe.status === 403)
      return c.json(jsonError(401, 'Unauthorized', 'That API key was not accepted', '/apiKey'), 401)
    if (!probe.ok)
      return c.json(jsonError(502, 'Bad Gateway', `The tracking service answered ${probe.status}`), 502)
    startSession(c, parsed.data.apiKey, false)
    return c.json({ signedIn: true, demo: false })
  })

  app.delete('/session', (c) => {
    sessions.delete(getCookie(c, SESSION_COOKIE))
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.body(null, 204)
  })

  app.all('/v2/*', async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    if (!headers.has('authorization')) {
      const session = sessions.get(getCookie(c, SESSION_COOKIE))
      if (session) headers.set('authorization', `Token ${session.apiKey}`)
    }
    const method = c.req.method
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
    return service(new Request(c.req.url, { method, headers, body, signal: c.req.raw.signal }))
  })

  if (staticRoot) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: staticRoot }))
    app.get('*', serveStatic({ root: staticRoot, path: 'index.html' }))
  }
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
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const response = await fetchImpl(target, { method: request.method, headers, body, redirect: 'manual' })
    const passed = new Headers()
    for (const name of ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
      if (response.headers.has(name)) passed.set(name, response.headers.get(name)!)
    return new Response(response.body, { status: response.status, headers: passed })
  }
