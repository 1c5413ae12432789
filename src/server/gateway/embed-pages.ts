import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { GatewayEnv } from './client-facts'

type ServiceTarget = (request: Request) => Promise<Response>

const TOKEN = /^qse_[A-Za-z0-9_-]{16,64}$/
const SHIPMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NUMBER = /^[A-Za-z0-9-]{1,40}$/
const CHOICES: Record<string, RegExp> = {
  view: /^(summary|containers|timeline)$/,
  locale: /^(en|es)$/,
  'time-zone': /^(port|viewer)$/,
  theme: /^(light|dark)$/,
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** The service also counts the use. */
async function ancestorsOf(service: ServiceTarget, url: string, token: string) {
  const response = await service(
    new Request(new URL('/embed/v1/token', url), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' },
    }),
  )
  if (!response.ok) return []
  const body = (await response.json()) as { data?: { attributes?: { allowed_origins?: unknown } } }
  const origins = body.data?.attributes?.allowed_origins
  return Array.isArray(origins)
    ? origins.filter((origin): origin is string => typeof origin === 'string')
    : []
}

function framePage(attributes: Record<string, string>, locale: string) {
  const list = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('')
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Shipment tracking</title>
<script type="module" src="/embed/quayside-embed.js"></script>
<script type="module" src="/embed/quayside-frame.js"></script>
</head>
<body>
<main><quayside-tracking${list}></quayside-tracking></main>
</body>
</html>
`
}

/** Any site may load the scripts; the token decides what they show. */
export function embedPages(service: ServiceTarget, embedRoot: string | undefined) {
  const app = new Hono<GatewayEnv>()
  app.get('/embed/frame', async (c) => {
    const token = c.req.query('token') ?? ''
    const attributes: Record<string, string> = { token: TOKEN.test(token) ? token : '' }
    const shipment = c.req.query('shipment')
    const number = c.req.query('number')
    if (shipment && SHIPMENT.test(shipment)) attributes.shipment = shipment
    if (number && NUMBER.test(number)) attributes.number = number
    for (const [name, pattern] of Object.entries(CHOICES)) {
      const value = c.req.query(name)
      if (value && pattern.test(value)) attributes[name] = value
    }
    const origins = attributes.token ? await ancestorsOf(service, c.req.url, token) : []
    c.set('embedAncestors', origins)
    attributes['data-origins'] = origins.join(' ')
    c.header('Cache-Control', 'no-store')
    return c.html(framePage(attributes, attributes.locale ?? 'en'))
  })
  if (embedRoot && existsSync(embedRoot)) {
    const scripts = '/embed/:file{quayside-(?:embed|frame)\\.js}'
    app.use(scripts, async (c, next) => {
      await next()
      if (!c.res.ok) return
      // customers' sites fetch it as a module, which needs CORS; it holds nothing secret
      c.header('Access-Control-Allow-Origin', '*')
      c.header('Cache-Control', 'public, max-age=300')
    })
    app.get(
      scripts,
      serveStatic({ root: embedRoot, rewriteRequestPath: (path) => path.replace(/^\/embed/, '') }),
    )
  }
  return app
}

export const embedRootBeside = (staticRoot: string) => join(staticRoot, '..', 'embed')
