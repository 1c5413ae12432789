import type { MiddlewareHandler } from 'hono'
import { earlyRefusal } from './refusal'

export const isLoopbackHost = (host: string) => {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1'
  )
}

export type HostSettings = { publicUrl?: string; allowedHosts: string[]; bindHost: string }

/** Against DNS rebinding: PUBLIC_URL's host and ALLOWED_HOSTS (`.x` adds subdomains); undefined answers all. */
export function hostPolicy({ publicUrl, allowedHosts, bindHost }: HostSettings) {
  const names = [...allowedHosts, ...(publicUrl ? [new URL(publicUrl).hostname] : [])].map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, ''),
  )
  if (names.length > 0)
    return (host: string) =>
      names.some((name) =>
        name.startsWith('.') ? host.endsWith(name) || host === name.slice(1) : host === name,
      )
  if (isLoopbackHost(bindHost)) return isLoopbackHost
  return undefined
}

/** Cheaper than parsing the whole URL. */
const hostOf = (url: string) =>
  (
    /^[a-z][a-z0-9+.-]*:\/\/(?:\[([^\]]*)\]|([^/:?#]*))/i.exec(url)?.slice(1).find(Boolean) ?? ''
  ).toLowerCase()

export const requireKnownHost =
  (allowed: ((host: string) => boolean) | undefined): MiddlewareHandler =>
  async (c, next) => {
    // built from the Host header, which the Node adapter has already checked is well formed
    const host = hostOf(c.req.url)
    if (allowed && !allowed(host))
      throw earlyRefusal(421, {
        detail: `This server does not answer for the host '${host.slice(0, 100)}'`,
        code: 'unknown_host',
      })
    await next()
  }
