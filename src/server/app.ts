import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { systemClock } from './clock'
import { CONTAINER_ENTITY, SHIPMENT_ENTITY, TRACKING_REQUEST_ENTITY } from './custom-fields/entities'
import type { Deps } from './deps'
import { embedApi } from './embed/embed-api'
import { cachedAuthenticate, requireToken } from './http/auth'
import { limitBodiesOnly } from './http/body-limits'
import { cacheHitsFirst } from './http/cache-hits-first'
import { compressResponses } from './http/compression'
import { renderError, renderNotFound } from './http/errors'
import { refuseNulCharacters } from './http/nul-characters'
import { openApiDocument } from './http/openapi'
import { problem } from './http/problem'
import { createRateLimiter } from './http/rate-limit'
import { MAX_MESSAGE_BYTES } from './http/request-form'
import type { RouteEnv } from './http/route'
import { accountRoutes } from './routes/account'
import { containerVoyageRoutes } from './routes/container-voyage'
import { containerRoutes } from './routes/containers'
import { customFieldDefinitionRoutes } from './routes/custom-field-definitions'
import { customFieldValueRoutes } from './routes/custom-field-values'
import { entityCustomFieldRoutes } from './routes/custom-fields'
import { documentActionRoutes } from './routes/document-actions'
import { createDownloadSigner, signedDownloadRoutes } from './routes/document-downloads'
import { documentRoutes, emailSubmissionRoutes } from './routes/documents'
import { embedTokenRoutes } from './routes/embed-tokens'
import { partyRoutes } from './routes/parties'
import { metroAreaRoutes, portRoutes, shippingLineRoutes, terminalRoutes } from './routes/reference-data'
import { searchRoutes } from './routes/search'
import { shipmentRoutes } from './routes/shipments'
import { trackingRequestRoutes } from './routes/tracking-requests'
import { upstreamConnectionRoutes } from './routes/upstream-connections'
import { vesselMapRoutes } from './routes/vessel-map'
import { vesselRoutes } from './routes/vessels'
import { webhookAdminRoutes } from './routes/webhook-admin'
import { webhookCatalogRoutes } from './routes/webhook-catalog'
import { webhookNotificationRoutes, webhookRoutes } from './routes/webhooks'
import { upstreamWrites } from './upstream/upstream-writes'

export type AppEnv = RouteEnv

/** The tracking service, mounted at /v2. Every dependency comes in here so tests control time and network. */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
  const v2 = new Hono<AppEnv>()
  const wallClock = deps.wallClock ?? systemClock
  const authenticate = cachedAuthenticate((key) => deps.storage.apiKeys.authenticate(key), wallClock.now)
  const limiter = createRateLimiter(deps.config.rateLimitPerMinute, wallClock.now)
  v2.use(compressResponses)
  if (deps.responseCache)
    v2.use(cacheHitsFirst({ knownCaller: authenticate.known, limiter, cache: deps.responseCache }))
  const limitBody = bodyLimit({ maxSize: 1024 * 1024 })
  // a document upload carries the file itself
  const limitUpload = bodyLimit({
    maxSize: 20 * 1024 * 1024,
    onError: () => {
      throw problem(413, { detail: 'A document is at most 20 MB', code: 'payload_too_large' })
    },
  })
  const limitMessage = bodyLimit({
    maxSize: MAX_MESSAGE_BYTES,
    onError: () => {
      throw problem(413, { detail: 'An email is at most 25 MB', code: 'payload_too_large' })
    },
  })
  const isPost = (c: Context, path: string) => c.req.method === 'POST' && c.req.path === path
  v2.use(
    limitBodiesOnly((c) =>
      isPost(c, '/v2/documents')
        ? limitUpload
        : isPost(c, '/v2/email_submissions')
          ? limitMessage
          : limitBody,
    ),
  )
  const { publicUrl } = deps.config
  v2.use(async (c, next) => {
    c.set('publicUrl', publicUrl)
    await next()
  })
  // built from the routes really mounted, once, when first asked for
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
  if (deps.upstream)
    v2.use(upstreamWrites(deps.upstream, deps.storage, async (request) => app.request(request)))
  for (const router of [
    entityCustomFieldRoutes(deps, SHIPMENT_ENTITY),
    entityCustomFieldRoutes(deps, CONTAINER_ENTITY),
    entityCustomFieldRoutes(deps, TRACKING_REQUEST_ENTITY),
    customFieldValueRoutes(deps),
    customFieldDefinitionRoutes(deps),
    shipmentRoutes(deps),
    containerVoyageRoutes(deps),
    containerRoutes(deps),
    trackingRequestRoutes(deps),
    partyRoutes(deps),
    accountRoutes(deps),
    searchRoutes(deps),
    webhookCatalogRoutes(deps),
    webhookAdminRoutes(deps),
    webhookRoutes(deps),
    emailSubmissionRoutes(deps),
    documentActionRoutes(deps),
    documentRoutes(deps, downloads),
    webhookNotificationRoutes(deps),
    shippingLineRoutes(deps),
    portRoutes(deps),
    metroAreaRoutes(deps),
    terminalRoutes(deps),
    vesselMapRoutes(deps),
    vesselRoutes(deps),
    embedTokenRoutes(deps),
    upstreamConnectionRoutes(deps),
  ])
    v2.route('/', router)
  app.route('/v2', v2)
  app.route('/embed/v1', embedApi(deps))
  app.notFound(renderNotFound)
  app.onError((error, c) => renderError(error, c))
  return app
}
