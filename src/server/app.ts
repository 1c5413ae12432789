import { Hono } from 'hono'
import { unsubscribeRoutes } from './alerts-delivery/unsubscribe-routes'
import { createUnsubscribeTokens } from './alerts-delivery/unsubscribe-token'
import { serviceBodyLimits } from './app-body-limits'
import { serviceRouters } from './app-routers'
import { systemClock } from './clock'
import type { Deps } from './deps'
import { embedApi } from './embed/embed-api'
import { handoffApp } from './handoff/handoff-app'
import { cachedAuthenticate, requireToken } from './http/auth'
import { cacheHitsFirst } from './http/cache-hits-first'
import { compressResponses } from './http/compression'
import { renderError, renderNotFound } from './http/errors'
import { noStore } from './http/no-store'
import { refuseNulCharacters } from './http/nul-characters'
import { openApiDocument } from './http/openapi'
import { createRateLimiter } from './http/rate-limit'
import type { RouteEnv } from './http/route'
import { stampServiceTime } from './http/service-time'
import { mcpRoutes } from './mcp/mcp-route'
import { apiKeyRoutes } from './routes/api-keys'
import { createDownloadSigner, signedDownloadRoutes } from './routes/document-downloads'
import { upstreamWrites } from './upstream/upstream-writes'

export type AppEnv = RouteEnv

/** Every dependency comes in here so tests control time and network. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
  const v2 = new Hono<AppEnv>()
  const wallClock = deps.wallClock ?? systemClock
  const authenticate = cachedAuthenticate(
    (key) => deps.storage.apiKeys.authenticate(key, wallClock.now()),
    wallClock.now,
  )
  const limiter = createRateLimiter(deps.config.rateLimitPerMinute, wallClock.now)
  v2.use(stampServiceTime(deps.clock))
  v2.use(compressResponses)
  if (deps.responseCache)
    v2.use(cacheHitsFirst({ knownCaller: authenticate.known, limiter, cache: deps.responseCache }))
  v2.use(serviceBodyLimits)
  const { publicUrl } = deps.config
  v2.use(async (c, next) => {
    c.set('publicUrl', publicUrl)
    await next()
  })
  let openApi: Promise<string> | undefined
  v2.get('/openapi.json', async (c) => {
    openApi ??= openApiDocument(v2, publicUrl).then((document) => JSON.stringify(document))
    return c.body(await openApi, 200, { 'Content-Type': 'application/json' })
  })
  const downloads = createDownloadSigner(wallClock, deps.storage.secrets)
  v2.route('/', signedDownloadRoutes(deps, downloads))
  v2.use(requireToken(authenticate))
  v2.use(limiter.middleware)
  if (deps.responseCache) v2.use(deps.responseCache.middleware)
  v2.use(refuseNulCharacters)
  v2.use(noStore(true))
  if (deps.upstream)
    v2.use(upstreamWrites(deps.upstream, deps.storage, async (request) => app.request(request)))
  for (const router of serviceRouters(deps, downloads, authenticate.forgetUser)) v2.route('/', router)
  v2.route('/', apiKeyRoutes(deps, authenticate.forgetKey))
  app.route('/v2', v2)
  app.route('/embed/v1', embedApi(deps))
  app.route(
    '/alerts/unsubscribe',
    unsubscribeRoutes({ ...deps, tokens: createUnsubscribeTokens(deps.storage.secrets) }),
  )
  app.route(
    '/mcp',
    mcpRoutes({ authenticate, publicUrl, service: (request, env) => app.fetch(request, env) }),
  )
  app.route('/handoff', handoffApp(deps))
  app.notFound(renderNotFound)
  app.onError((error, c) => renderError(error, c))
  return app
}
