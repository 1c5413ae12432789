import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Clock, type ServiceConfig, systemClock } from './deps'
import { type AuthEnv, cachedAuthenticate, requireToken } from './http/auth'
import { cacheHitsFirst } from './http/cache-hits-first'
import { renderError, renderNotFound } from './http/errors'
import { refuseNulCharacters } from './http/nul-characters'
import { openApiDocument } from './http/openapi'
import { createRateLimiter } from './http/rate-limit'
import type { ResponseCache } from './http/response-cache'
import { accountRoutes } from './routes/account'
import { containerRoutes } from './routes/containers'
import { customFieldDefinitionRoutes } from './routes/custom-field-definitions'
import {
  CONTAINER_ENTITY,
  customFieldListRoutes,
  entityCustomFieldRoutes,
  SHIPMENT_ENTITY,
} from './routes/custom-fields'
import { createDownloadSigner, signedDownloadRoutes } from './routes/document-downloads'
import { documentRoutes, emailSubmissionRoutes } from './routes/documents'
import { partyRoutes } from './routes/parties'
import {
  portRoutes,
  shippingLineRoutes,
  terminalRoutes,
  vesselForecastRoutes,
  vesselRoutes,
} from './routes/reference-data'
import { searchRoutes } from './routes/search'
import { shipmentRoutes } from './routes/shipments'
import { trackingRequestRoutes } from './routes/tracking-requests'
import { webhookNotificationRoutes, webhookRoutes } from './routes/webhooks'
import type { Storage } from './storage/storage'

export type Deps = {
  storage: Storage
  /** Service time: what the data says happened when. Tests and the demo's fast-forward move it. */
  clock: Clock
  /** Real time, for what must follow the world outside: rate limits, signed links, signature stamps. */
  wallClock?: Clock
  fetch: typeof fetch
  random: () => number
  config: ServiceConfig
  /** Serves rendered documents again while an account's data is unchanged; off unless given. */
  responseCache?: ResponseCache
}

export type AppEnv = AuthEnv

/** The tracking service, mounted at /v2. Every dependency comes in here so tests control time and network. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
  const v2 = new Hono<AppEnv>()
  const wallClock = deps.wallClock ?? systemClock
  const authenticate = cachedAuthenticate((key) => deps.storage.apiKeys.authenticate(key), wallClock.now)
  const limiter = createRateLimiter(deps.config.rateLimitPerMinute, wallClock.now)
  if (deps.responseCache)
    v2.use(cacheHitsFirst({ knownCaller: authenticate.known, limiter, cache: deps.responseCache }))
  const limitBody = bodyLimit({ maxSize: 1024 * 1024 })
  // hono's limit reads the body stream even for a GET, which costs every read a full Request object
  v2.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))
  const openApi = JSON.stringify(openApiDocument())
  v2.get('/openapi.json', (c) => c.body(openApi, 200, { 'Content-Type': 'application/json' }))
  const downloads = createDownloadSigner(wallClock)
  v2.route('/documents', signedDownloadRoutes(deps, downloads))
  v2.use(requireToken(authenticate))
  v2.use(limiter.middleware)
  if (deps.responseCache) v2.use(deps.responseCache.middleware)
  v2.use(refuseNulCharacters)
  v2.route('/shipments/:entityId/custom_fields', entityCustomFieldRoutes(deps, SHIPMENT_ENTITY))
  v2.route('/containers/:entityId/custom_fields', entityCustomFieldRoutes(deps, CONTAINER_ENTITY))
  v2.route('/custom_fields', customFieldListRoutes(deps))
  v2.route('/custom_field_definitions', customFieldDefinitionRoutes(deps))
  v2.route('/shipments', shipmentRoutes(deps))
  v2.route('/containers', containerRoutes(deps))
  v2.route('/tracking_requests', trackingRequestRoutes(deps))
  v2.route('/parties', partyRoutes(deps))
  v2.route('/account', accountRoutes(deps))
  v2.route('/search', searchRoutes(deps))
  v2.route('/webhooks', webhookRoutes(deps))
  v2.route('/email_submissions', emailSubmissionRoutes(deps))
  v2.route('/documents', documentRoutes(deps, downloads))
  v2.route('/webhook_notifications', webhookNotificationRoutes(deps))
  v2.route('/shipping_lines', shippingLineRoutes(deps))
  v2.route('/ports', portRoutes(deps))
  v2.route('/terminals', terminalRoutes(deps))
  v2.route('/vessels', vesselForecastRoutes(deps))
  v2.route('/vessels', vesselRoutes(deps))
  app.route('/v2', v2)
  app.notFound(renderNotFound)
  app.onError((error, c) => renderError(error, c))
  return app
}
