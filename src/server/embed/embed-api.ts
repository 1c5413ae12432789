import { Hono } from 'hono'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { refuseNulCharacters } from '../http/nul-characters'
import { createRateLimiter } from '../http/rate-limit'
import { stampServiceTime } from '../http/service-time'
import { allowListedOrigin, type EmbedEnv, embedAccess } from './embed-access'
import { embedRoutes } from './embed-routes'

export function embedApi(deps: Deps) {
  const { storage } = deps
  const wallClock = deps.wallClock ?? systemClock
  const limiter = createRateLimiter(deps.config.embedRateLimitPerMinute ?? 600, wallClock.now)
  const app = new Hono<EmbedEnv>()
  // the preflight carries no token; the real request's answer decides
  app.options('*', (c) => {
    allowListedOrigin(c, undefined)
    const origin = c.req.header('Origin')
    if (origin) c.header('Access-Control-Allow-Origin', origin)
    c.header('Access-Control-Allow-Methods', 'GET')
    c.header('Access-Control-Allow-Headers', 'Authorization')
    c.header('Access-Control-Max-Age', '600')
    return c.body(null, 204)
  })
  app.use(stampServiceTime(deps.clock))
  app.use(async (c, next) => {
    c.set('publicUrl', deps.config.publicUrl)
    await next()
  })
  app.use(refuseNulCharacters)
  app.use(embedAccess(storage, wallClock, limiter))
  app.route('/', embedRoutes(storage, wallClock))
  return app
}
