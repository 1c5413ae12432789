import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { GatewayEnv } from './client-facts'
import { oauthAuthorizeRoute } from './oauth-authorize'
import { consentAnswerRoute } from './oauth-consent'
import type { AuthorizeKit } from './oauth-kit'
import { oauthMetadataRoutes } from './oauth-metadata'
import { oauthRegisterRoute } from './oauth-register'
import { oauthRevokeRoute } from './oauth-revoke'
import { oauthTokenRoute } from './oauth-token'
import { earlyRefusal } from './refusal'

const MAX_OAUTH_BODY_BYTES = 16 * 1024
const OAUTH_REGISTRATIONS_PER_MINUTE = 20

// no cookie is read on these, so any origin may call them (a browser-based assistant)
const anyOrigin = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'MCP-Protocol-Version'],
  maxAge: 86_400,
})

/** OAuth 2.1 for the assistant's interface: this server is its own authorization server. */
export function oauthRoutes(kit: AuthorizeKit, registrationsPerMinute = OAUTH_REGISTRATIONS_PER_MINUTE) {
  const app = new Hono<GatewayEnv>()
  for (const path of ['/.well-known/oauth-*', '/oauth/token', '/oauth/register', '/oauth/revoke'])
    app.use(path, anyOrigin)
  app.use(
    '/oauth/*',
    bodyLimit({
      maxSize: MAX_OAUTH_BODY_BYTES,
      onError: () => {
        throw earlyRefusal(413, { detail: 'An OAuth request is at most 16 KB', code: 'payload_too_large' })
      },
    }),
  )
  return app
    .route('/', oauthMetadataRoutes(kit.publicUrl))
    .route('/', oauthRegisterRoute(kit.store, kit.now, registrationsPerMinute))
    .route('/', oauthAuthorizeRoute(kit))
    .route('/', consentAnswerRoute(kit))
    .route('/', oauthTokenRoute(kit))
    .route('/', oauthRevokeRoute(kit.store, kit.now))
}
