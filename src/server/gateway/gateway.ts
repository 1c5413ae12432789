import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { limitBodiesOnly } from '../http/body-limits'
import { renderError } from '../http/errors'
import type { FromGateway } from '../http/gateway-facts'
import { noStore } from '../http/no-store'
import { RECEIVER_PATH } from '../upstream/webhook-ingest'
import { apiAccess, passToService } from './api-access'
import {
  type AttemptLimitSettings,
  type AttemptLimits,
  createAttemptLimits,
  defaultAttemptLimits,
} from './attempt-limits'
import { clientFacts, type GatewayEnv } from './client-facts'
import type { DemoSignIn } from './demo-access'
import { embedPages, embedRootBeside } from './embed-pages'
import { requireKnownHost } from './host-check'
import { passMcpToService } from './mcp-pass'
import { refuseUnknownMethods } from './methods'
import { oauthRoutes } from './oauth-routes'
import { passkeyRoutes, passkeySignInRoutes } from './passkey-routes'
import type { PeopleGateway } from './people-gateway'
import type { PeopleStore } from './people-store'
import { earlyRefusal } from './refusal'
import { securityHeaders } from './security-headers'
import { SESSION_COOKIE, type SessionRouteOptions, sessionRoutes } from './session-routes'
import type { SessionStore } from './sessions'
import { serveDashboard } from './static-files'
import { viewAsCheck } from './view-as-check'
import { viewAsRoutes, viewingAs } from './view-as-routes'
import { createVisitorLimits, defaultVisitorLimits, type VisitorLimitSettings } from './visitor-limits'

export { SESSION_COOKIE }

const MAX_BODY_BYTES = 1024 * 1024
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

/** `facts`: the client the gateway saw, and whether it counted the call against a demo visitor's limits. */
export type ServiceTarget = (request: Request, facts?: FromGateway) => Promise<Response>

type GatewaySecurity = {
  allowedHost?: (host: string) => boolean
  publicUrl?: string
  trustProxy?: boolean
  limits?: AttemptLimitSettings
  visitorLimits?: VisitorLimitSettings
  now?: () => Date
  embedAncestors?: string[]
  oauthRegistrationsPerMinute?: number
}

export type GatewayOptions = {
  service: ServiceTarget
  sessions: SessionStore
  demo?: DemoSignIn
  scopeOf?: SessionRouteOptions['scopeOf']
  staticRoot?: string
  embedRoot?: string
  security?: GatewaySecurity
  mapTiles?: SessionRouteOptions['mapTiles']
  /** The built-in service's people; a pass-through gateway has none. */
  people?: PeopleGateway
  /** Passkeys and View as keep their state here; a pass-through gateway has none. */
  peopleStore?: PeopleStore
  /** Signed, so no session or token. */
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

type Gateway = Hono<GatewayEnv>

/** Before any route: the client's facts, the security headers, and the methods and hosts refused. */
function guardFront(app: Gateway, options: GatewayOptions, security: GatewaySecurity) {
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
  app.use('/session', noStore())
  app.use('/session/*', noStore())
  app.use(requireKnownHost(security.allowedHost))
}

/** /session: keys, people, passkeys and View as. */
function routeSessions(app: Gateway, options: GatewayOptions, limits: AttemptLimits, now: () => Date) {
  const { service, sessions, demo, security = {} } = options
  const probe = async (c: Context, apiKey: string) =>
    (
      await service(
        new Request(new URL('/v2/shipments?page[size]=1', c.req.url), {
          headers: { Authorization: `Token ${apiKey}`, Accept: 'application/vnd.api+json' },
        }),
      )
    ).status
  const store = options.peopleStore
  const kit = {
    sessions,
    people: options.people,
    publicUrl: security.publicUrl,
    mapTiles: options.mapTiles,
    now,
  }
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
      people: options.people,
      now,
      viewingAs: store && ((key) => viewingAs({ kit, store }, key)),
    }),
  )
  if (store && options.people) {
    app.route('/session/passkeys', passkeyRoutes({ kit, store, limits }))
    app.route('/session/passkeys', passkeySignInRoutes({ kit, store, limits }))
    app.route('/session/view-as', viewAsRoutes({ kit, store }))
    app.route(
      '/',
      oauthRoutes({ ...kit, people: options.people, store }, security.oauthRegistrationsPerMinute),
    )
  }
}

/** What the gateway hands on: the upstream's signed calls, /v2 with the session's key, and embeds. */
function routeOnward(app: Gateway, options: GatewayOptions, limits: AttemptLimits, now: () => Date) {
  const { service, sessions, staticRoot, security = {} } = options
  const visitorLimits = createVisitorLimits(security.visitorLimits ?? defaultVisitorLimits, now)
  const receive = options.upstreamReceiver
  if (receive)
    app.post(
      `${RECEIVER_PATH}/:accountId`,
      limitBodiesOnly(() => limitBody),
      (c) => receive(c.req.param('accountId'), c.req.raw),
    )

  app.all(
    '/v2/*',
    apiAccess(sessions, limits, visitorLimits, security.publicUrl, viewAsCheck(sessions, options.people)),
    // counted as it streams in, so an oversized body is refused before it is held in memory
    limitBodiesOnly((c) =>
      c.req.method === 'POST' && FILE_PATHS.has(c.req.path) ? limitFileBody : limitBody,
    ),
    passToService(service, limits),
  )

  app.all(
    '/mcp',
    limitBodiesOnly(() => limitBody),
    passMcpToService(service, limits),
  )

  // its embed token is its credential, never a session
  app.on(['GET', 'HEAD', 'OPTIONS'], '/embed/v1/*', async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    return service(new Request(c.req.url, { method: c.req.method, headers, signal: c.req.raw.signal }))
  })

  const passWithoutCookies = async (c: Context<GatewayEnv>) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    const body = c.req.method === 'POST' ? await c.req.arrayBuffer() : undefined
    return service(new Request(c.req.url, { method: c.req.method, headers, body, signal: c.req.raw.signal }))
  }
  // its signed link is its credential, never a session (RFC 8058 one-click)
  app.on(
    ['GET', 'POST'],
    '/alerts/unsubscribe/:token',
    limitBodiesOnly(() => limitBody),
    passWithoutCookies,
  )
  // a trucker's delivery order: the link's token is the credential, never a session
  app.on(
    ['GET', 'HEAD', 'POST'],
    '/handoff/*',
    limitBodiesOnly(() => limitBody),
    passWithoutCookies,
  )

  app.route(
    '/',
    embedPages(service, options.embedRoot ?? (staticRoot ? embedRootBeside(staticRoot) : undefined)),
  )
}

/** Keeps the API key in a server-side session; a call with neither token nor session gets the service's 401. */
export function createGateway(options: GatewayOptions) {
  const { staticRoot, security = {} } = options
  const now = security.now ?? (() => new Date())
  const limits = createAttemptLimits(security.limits ?? defaultAttemptLimits, now)
  const app = new Hono<GatewayEnv>()
  app.onError((error, c) => renderError(error, c))
  guardFront(app, options, security)
  routeSessions(app, options, limits, now)
  routeOnward(app, options, limits, now)
  if (staticRoot) serveDashboard(app, staticRoot)
  app.notFound((c) =>
    jsonError(c, 404, 'Not Found', `There is no ${c.req.method} ${new URL(c.req.url).pathname}`),
  )
  return app
}

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
    // already read and capped by the gateway
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const response = await fetchImpl(target, { method: request.method, headers, body, redirect: 'manual' })
    const passed = new Headers()
    for (const name of [
      'content-type',
      'etag',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'quayside-time',
    ])
      if (response.headers.has(name)) passed.set(name, response.headers.get(name)!)
    return new Response(response.body, { status: response.status, headers: passed })
  }
