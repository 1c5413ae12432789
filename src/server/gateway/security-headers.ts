import type { MiddlewareHandler } from 'hono'
import type { GatewayEnv } from './client-facts'

/** The customer-facing embed pages: the only ones another site may frame, and only the allowlisted ones. */
const EMBED_PATH = /^\/embed(?:\/|$)/

/**
 * Who may frame a page. Nobody, except that embed routes take `embedAncestors` (origins such as
 * `https://portal.example.com`). The embed feature sets that allowlist; until then it is empty and
 * embeds are not frameable either.
 */
export const frameAncestorsFor = (pathname: string, embedAncestors: string[]) =>
  EMBED_PATH.test(pathname) && embedAncestors.length > 0 ? embedAncestors.join(' ') : "'none'"

/**
 * Scripts, styles, fonts and data from this origin only; nothing inline, no plugins, no base or form hijacks.
 * Images may come from any https origin because an email's frame (`srcdoc`) inherits this policy: the frame's
 * own, stricter policy keeps remote images out until the person asks for them, and the dashboard itself
 * never draws markup it did not write.
 */
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
  // the widget's script and API are loaded by customers' sites
  ['Cross-Origin-Resource-Policy', embedded ? 'cross-origin' : 'same-origin'],
  // frame-ancestors decides; X-Frame-Options is for browsers that predate it and cannot name an allowlist
  ...(frameAncestors === "'none'" ? [['X-Frame-Options', 'DENY'] as [string, string]] : []),
]

/** Security headers on every response, HSTS over HTTPS; the header sets are built once and a request picks one. */
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
    for (const [name, value] of chosen) headers.set(name, value)
    if (c.var.client?.https) headers.set('Strict-Transport-Security', 'max-age=31536000')
  }
}

/** Source maps stay on disk for error reporting; the public never gets them. */
export const isSourceMap = (pathname: string) => pathname.endsWith('.map')
