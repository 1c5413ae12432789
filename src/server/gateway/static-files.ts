import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import { compressResponses } from '../http/compression'
import { appPage } from './app-pages'
import type { GatewayEnv } from './client-facts'
import { isSourceMap } from './security-headers'

/** Still varies by Accept-Encoding for caches. */
const precompressedVary = async (c: Context, next: () => Promise<void>) => {
  await next()
  const type = c.res.headers.get('Content-Type') ?? ''
  if (c.res.ok && /javascript|css|json|svg|text/.test(type) && !c.res.headers.has('Vary'))
    c.res.headers.set('Vary', 'Accept-Encoding')
}

export function serveDashboard(app: Hono<GatewayEnv>, staticRoot: string) {
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => (isSourceMap(c.req.path) ? c.notFound() : next()))
  app.use('*', precompressedVary)
  app.use('*', serveStatic({ root: staticRoot, precompressed: true }))
  app.get('*', compressResponses, appPage(staticRoot))
}
