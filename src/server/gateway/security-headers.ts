import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
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
 * Security headers on every response: a strict Content-Security-Policy (scripts and styles from this
 * origin only, nothing inline), nosniff, a same-origin Referrer-Policy, no framing but for embeds, and
 * HSTS when the request came over HTTPS.
 */
export function securityHeaders(embedAncestors: string[] = []): MiddlewareHandler<GatewayEnv> {
  const frameAncestors = (c: Context) => frameAncestorsFor(new URL(c.req.url).pathname, embedAncestors)
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: [frameAncestors],
    },
    referrerPolicy: 'same-origin',
    strictTransportSecurity: false,
    // frame-ancestors decides framing; X-Frame-Options cannot name the embed allowlist
    xFrameOptions: false,
    crossOriginResourcePolicy: 'same-origin',
  })
  return async (c, next) => {
    await headers(c, next)
    if (frameAncestors(c) === "'none'") c.header('X-Frame-Options', 'DENY')
    if (c.var.client?.https) c.header('Strict-Transport-Security', 'max-age=31536000')
  }
}

/** Source maps stay on disk for error reporting; the public never gets them. */
export const isSourceMap = (pathname: string) => pathname.endsWith('.map')
