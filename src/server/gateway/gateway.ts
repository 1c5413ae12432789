import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { limitBodiesOnly } from '../http/body-limits'
import { compressResponses } from '../http/compression'
import { renderError } from '../http/errors'
import type { CountedElsewhere } from '../http/rate-limit'
import { RECEIVER_PATH } from '../upstream/webhook-ingest'
import { appPage } from './app-pages'
import { type AttemptLimitSettings, createAttemptLimits, defaultAttemptLimits } from './attempt-limits'
import { clientFacts, type GatewayEnv } from './client-facts'
import { changesState, refuseCrossSiteWrite } from './csrf'
import type { DemoSignIn } from './demo-access'
import { embedPages, embedRootBeside } from './embed-pages'
import { requireKnownHost } from './host-check'
import { refuseUnknownMethods } from './methods'
import { earlyRefusal } from './refusal'
import { isSourceMap, securityHeaders } from './security-headers'
import { SESSION_COOKIE, type SessionRouteOptions, sessionRoutes } from './session-routes'
import type { SessionStore } from './sessions'
import {
  createVisitorLimits,
  defaultVisitorLimits,
  type VisitorLimitSettings,
  type VisitorLimits,
} from './visitor-limits'

export { SESSION_COOKIE }

/** The largest request body passed on to the service, which refuses anything bigger anyway. */
const MAX_BODY_BYTES = 1024 * 1024
/** Files come whole: a document upload or an inbound email (the service holds each to its own limit). */
const MAX_FILE_BODY_BYTES = 25 * 1024 * 1024
const FILE_PATHS = new Set(['/v2/documents', '/v2/email_submissions'])
const bodyLimitFor = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw earlyRefusal(413, {
        detail: `The request body is larger than ${maxSize / 1024 / 1024} MB`,
        code: 'payload_too_large',
      })
    },
  })
const limitBody = bodyLimitFor(MAX_BODY_BYTES)
const limitFileBody = bodyLimitFor(MAX_FILE_BODY_BYTES)

/**
 * Where `/v2` calls go: the in-process service, or a remote Terminal49-compatible one. `counted` says the
 * gateway has counted the call against a demo visitor's own limits, so the service need not count its key.
 */
export type ServiceTarget = (request: Request, counted?: CountedElsewhere) => Promise<Response>

/** How the gateway meets the internet: which hosts it answers, whom it believes, and its limits. */
type GatewaySecurity = {
  /** Whether to answer a request for this Host (see `hostPolicy`); undefined answers every host. */
  allowedHost?: (host: string) => boolean
  /** The address people use (PUBLIC_URL): its origin is this server's own, and https there means Secure cookies. */
  publicUrl?: string
  /** Believe X-Forwarded-For and X-Forwarded-Proto (TRUST_PROXY=1, behind a reverse proxy). */
  trustProxy?: boolean
  limits?: AttemptLimitSettings
  /** API calls a minute for demo visitors: per session, per address and all together. */
  visitorLimits?: VisitorLimitSettings
  now?: () => Date
  /** Origins allowed to frame the embed pages (empty: none). */
  embedAncestors?: string[]
}

export type GatewayOptions = {
  service: ServiceTarget
  sessions: SessionStore
  /** Signs each visitor in to the demo account with a session of their own (the demo deployment). */
  demo?: DemoSignIn
  /** Whether a key may write, when the service can say; a session reports it as its access. */
  scopeOf?: SessionRouteOptions['scopeOf']
  /** Folder holding the built dashboard; absent in API-only runs. */
  staticRoot?: string
  /** Folder holding the built embed (`quayside-embed.js`); beside `staticRoot` unless given. */
  embedRoot?: string
  security?: GatewaySecurity
  /** MAP_TILE_URL and its attribution: told to the dashboard, and its origin allowed for images. */
  mapTiles?: SessionRouteOptions['mapTiles']
  /** Takes a connected account's webhook deliveries from its upstream (signed, so no session or token). */
  upstreamReceiver?: (accountId: string, request: Request) => Promise<Response>
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
 * `Authorization: Token <key>` to the `/v2` calls it passes on. A call with neither a token nor a
 * session goes on without one, and the service answers 401.
 */
export function createGateway(options: GatewayOptions) {
  const { service, sessions, demo, staticRoot, security = {} } = options
  const now = security.now ?? (() => new Date())
  const limits = createAttemptLimits(security.limits ?? defaultAttemptLimits, now)
  const visitorLimits = createVisitorLimits(security.visitorLimits ?? defaultVisitorLimits, now)
  const app = new Hono<GatewayEnv>()
  app.onError((error, c) => renderError(error, c))

  app.use(async (c, next) => {
    c.set('client', clientFacts(c, security.trustProxy === true))
    await next()
  })
  app.use(
    securityHeaders(
      security.embedAncestors,
      options.mapTiles ? [new URL(options.mapTiles.url.replace(/[{}]/g, '')).origin] : [],
    ),
  )
  app.use(refuseUnknownMethods)
  app.use(requireKnownHost(security.allowedHost))

  const probe = async (c: Context, apiKey: string) =>
    (
      await service(
        new Request(new URL('/v2/shipments?page[size]=1', c.req.url), {
          headers: { Authorization: `Token ${apiKey}`, Accept: 'application/vnd.api+json' },
        }),
      )
    ).status
  app.route(
    '/session',
    sessionRoutes({
      sessions,
      demo,
      limits,
      publicUrl: security.publicUrl,
      probe,
      scopeOf: options.scopeOf,
      mapTiles: options.mapTiles,
    }),
  )

  const receive = options.upstreamReceiver
  if (receive)
    app.post(
      `${RECEIVER_PATH}/:accountId`,
      limitBodiesOnly(() => limitBody),
      (c) => receive(c.req.param('accountId'), c.req.raw),
    )

  app.all(
    '/v2/*',
    apiAccess(sessions, limits, visitorLimits, security.publicUrl),
    // counted while it streams in, so an oversized body is refused before it is held in memory
    limitBodiesOnly((c) =>
      c.req.method === 'POST' && FILE_PATHS.has(c.req.path) ? limitFileBody : limitBody,
    ),
    passToService(service, limits),
  )

  // the widget's read-only API: its embed token is its credential, never a session
  app.on(['GET', 'HEAD', 'OPTIONS'], '/embed/v1/*', async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    return service(new Request(c.req.url, { method: c.req.method, headers, signal: c.req.raw.signal }))
  })

  app.route(
    '/',
    embedPages(service, options.embedRoot ?? (staticRoot ? embedRootBeside(staticRoot) : undefined)),
  )

  if (staticRoot) {
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', async (c, next) => (isSourceMap(c.req.path) ? c.notFound() : next()))
    app.use('*', precompressedVary)
    app.use('*', serveStatic({ root: staticRoot, precompressed: true }))
    app.get('*', compressResponses, appPage(staticRoot))
  }
  app.notFound((c) =>
    jsonError(c, 404, 'Not Found', `There is no ${c.req.method} ${new URL(c.req.url).pathname}`),
  )
  return app
}

/** Sends a `/v2` call on to the service, with the session's key when the call brought none of its own. */
const passToService =
  (service: ServiceTarget, limits: ReturnType<typeof createAttemptLimits>) =>
  async (c: Context<GatewayEnv>) => {
    // a call with its own token needs nothing added: it goes on as it came, with no copy made
    if (c.req.header('Authorization') !== undefined) {
      const response = await service(c.req.raw)
      if (response.status === 401) limits.recordFailure(c.var.client.address)
      return response
    }
    const method = c.req.method
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    if (c.var.apiKey) headers.set('authorization', `Token ${c.var.apiKey}`)
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer()
    return service(
      new Request(c.req.url, { method, headers, body, signal: c.req.raw.signal }),
      c.var.visitorCounted ? { visitorCounted: true } : undefined,
    )
  }

/** A file served as it is to a client that accepts no compression still varies by Accept-Encoding for caches. */
const precompressedVary = async (c: Context, next: () => Promise<void>) => {
  await next()
  const type = c.res.headers.get('Content-Type') ?? ''
  if (c.res.ok && /javascript|css|json|svg|text/.test(type) && !c.res.headers.has('Vary'))
    c.res.headers.set('Vary', 'Accept-Encoding')
}

/**
 * Who a `/v2` call is: its own Authorization header (refused while its address is over the failed-sign-in
 * limit), or else the session cookie's key, for which a write must come from this origin as JSON and a
 * read-only session may not write at all. A demo visitor's calls count against the visitor's own limits.
 */
const apiAccess =
  (
    sessions: SessionStore,
    limits: ReturnType<typeof createAttemptLimits>,
    visitorLimits: VisitorLimits,
    publicUrl: string | undefined,
  ) =>
  async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    if (c.req.header('Authorization') !== undefined) {
      limits.checkFailures(c.var.client.address)
      return next()
    }
    const sessionId = getCookie(c, SESSION_COOKIE)
    const session = sessions.use(sessionId)
    if (session && changesState(c.req.method)) {
      refuseCrossSiteWrite(c, c.var.client, publicUrl)
      if (session.access === 'read-only')
        throw earlyRefusal(403, {
          detail: session.demo
            ? 'This demo is read-only: you can look around, but changes are not available'
            : 'This API key is read-only and cannot make changes',
          code: 'read_only',
        })
    }
    if (session?.demo) {
      visitorLimits.take(sessionId!, c.var.client.address, session.apiKey)
      c.set('visitorCounted', true)
    }
    if (session) c.set('apiKey', session.apiKey)
    return next()
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
    for (const name of ['accept', 'authorization', 'content-type', 'if-match'])
      if (request.headers.has(name)) headers.set(name, request.headers.get(name)!)
    // the gateway has already read and capped the body, so this copy is at most MAX_BODY_BYTES
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const response = await fetchImpl(target, { method: request.method, headers, body, redirect: 'manual' })
    const passed = new Headers()
    for (const name of ['content-type', 'etag', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
      if (response.headers.has(name)) passed.set(name, response.headers.get(name)!)
    return new Response(response.body, { status: response.status, headers: passed })
  }
