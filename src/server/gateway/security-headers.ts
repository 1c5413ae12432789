import type { MiddlewareHandler } from 'hono'
import type { GatewayEnv } from './client-facts'

const EMBED_PATH = /^\/embed(?:\/|$)/
const HANDOFF_PATH = /^\/handoff\//

/** Nobody, except embed routes, which take the `embedAncestors` allowlist. */
export const frameAncestorsFor = (pathname: string, embedAncestors: string[]) =>
  EMBED_PATH.test(pathname) && embedAncestors.length > 0 ? embedAncestors.join(' ') : "'none'"

/** Images from any https origin: an email's `srcdoc` frame inherits this policy and tightens it itself. */
const contentSecurityPolicy = (frameAncestors: string, imageOrigins: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data: blob: https:", ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')

const headersFor = (frameAncestors: string, imageOrigins: string[], embedded = false): [string, string][] => [
  ['Content-Security-Policy', contentSecurityPolicy(frameAncestors, imageOrigins)],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', embedded ? 'cross-origin' : 'same-origin'],
  // for browsers that predate frame-ancestors and cannot name an allowlist
  ...(frameAncestors === "'none'" ? [['X-Frame-Options', 'DENY'] as [string, string]] : []),
]

/** The header sets are built once; a request picks one. */
export function securityHeaders(
  embedAncestors: string[] = [],
  imageOrigins: string[] = [],
): MiddlewareHandler<GatewayEnv> {
  const everywhere = headersFor("'none'", imageOrigins)
  const embeds = headersFor(frameAncestorsFor('/embed/', embedAncestors), imageOrigins, true)
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    const embedded = EMBED_PATH.test(c.req.path)
    const ancestors = embedded ? c.var.embedAncestors : undefined
    const chosen = ancestors
      ? headersFor(frameAncestorsFor(c.req.path, ancestors), imageOrigins, true)
      : embedded
        ? embeds
        : everywhere
    // the handoff page sets a stricter policy of its own (no script at all)
    const own = HANDOFF_PATH.test(c.req.path)
    for (const [name, value] of chosen) if (!(own && headers.has(name))) headers.set(name, value)
    if (c.var.pagePolicy) headers.set('Content-Security-Policy', c.var.pagePolicy)
    if (c.var.client?.https) headers.set('Strict-Transport-Security', 'max-age=31536000')
  }
}

/** Source maps stay on disk for error reporting. */
export const isSourceMap = (pathname: string) => pathname.endsWith('.map')
