import type { MiddlewareHandler } from 'hono'
import { problem } from './problem'

type KeyScope = 'read' | 'write'
type Caller = { accountId: string; scope: KeyScope; keyId: string }
export type Authenticate = (rawKey: string) => Promise<Caller | null>

export type AuthEnv = { Variables: { caller: Caller } }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Requires `Authorization: Token <key>`; a read-only key may not write. */
export const requireToken =
  (authenticate: Authenticate): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const header = c.req.header('Authorization') ?? ''
    const match = /^(?:Token|Bearer)\s+(\S+)$/i.exec(header.trim())
    if (!match)
      throw problem(401, {
        detail: header ? "The Authorization header must read 'Token <API key>'" : 'An API key is required',
        code: 'unauthorized',
      })
    const caller = await authenticate(match[1])
    if (!caller) throw problem(401, { detail: 'That API key is not valid', code: 'unauthorized' })
    if (!SAFE_METHODS.has(c.req.method) && caller.scope !== 'write')
      throw problem(403, { detail: 'This API key is read-only and cannot make changes', code: 'forbidden' })
    c.set('caller', caller)
    await next()
  }

/** Remembers a key's account and scope briefly, so a burst of requests costs one lookup; a revoked key stops within the TTL. */
export function cachedAuthenticate(
  authenticate: Authenticate,
  now: () => Date,
  ttlMs = 30_000,
): Authenticate {
  const cache = new Map<string, { caller: Caller | null; until: number }>()
  return async (rawKey) => {
    const time = now().getTime()
    const hit = cache.get(rawKey)
    if (hit && hit.until > time) return hit.caller
    const caller = await authenticate(rawKey)
    if (cache.size > 10_000) cache.clear()
    cache.set(rawKey, { caller, until: time + (caller ? ttlMs : 2_000) })
    return caller
  }
}
