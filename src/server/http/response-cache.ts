import type { MiddlewareHandler } from 'hono'
import type { AuthEnv } from './auth'

type Entry = { body: ArrayBuffer; status: number; contentType: string; version: number; at: number }

export type ResponseCacheOptions = {
  /** How long a rendered document may be served again; writes elsewhere show within this time. */
  ttlMs?: number
  maxBytes?: number
}

/**
 * Rendered GET documents per account, served again while nothing in the account has changed: every
 * write in this process moves the account's version on, so it never reads stale here; what another
 * process writes shows within the TTL. `Cache-Control: no-cache` asks for a fresh render.
 */
export function createResponseCache({
  ttlMs = 2_000,
  maxBytes = 64 * 1024 * 1024,
}: ResponseCacheOptions = {}) {
  const entries = new Map<string, Entry>()
  const versions = new Map<string, number>()
  let bytes = 0

  const versionOf = (accountId: string) => versions.get(accountId) ?? 0
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.byteLength
    entries.delete(key)
  }
  const store = (key: string, entry: Entry) => {
    remove(key)
    if (entry.body.byteLength > maxBytes / 8) return
    entries.set(key, entry)
    bytes += entry.body.byteLength
    // a Map iterates in insertion order, so the first keys are the least recently stored
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
  }

  const middleware: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const accountId = c.var.caller.accountId
    if (c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
    if (c.req.method !== 'GET') {
      await next()
      if (c.res.status < 400) invalidate(accountId)
      return
    }
    const key = `${accountId} ${c.req.header('Accept') ?? ''} ${c.req.url}`
    const now = performance.now()
    const hit = entries.get(key)
    const fresh = hit && hit.version === versionOf(accountId) && now - hit.at < ttlMs
    if (fresh && !/no-cache/i.test(c.req.header('Cache-Control') ?? '')) {
      c.header('X-Cache', 'hit')
      return c.body(hit.body, hit.status as 200, { 'Content-Type': hit.contentType })
    }
    const version = versionOf(accountId)
    await next()
    if (c.res.status !== 200) return
    const body = await c.res.clone().arrayBuffer()
    store(key, {
      body,
      status: c.res.status,
      contentType: c.res.headers.get('Content-Type') ?? '',
      version,
      at: now,
    })
  }

  /** Everything this account has changed: its cached documents are rendered afresh. */
  function invalidate(accountId: string) {
    versions.set(accountId, versionOf(accountId) + 1)
  }

  return { middleware, invalidate }
}
export type ResponseCache = ReturnType<typeof createResponseCache>
