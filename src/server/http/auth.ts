import type { MiddlewareHandler } from 'hono'
import type { Role } from '../../contract/people'
import { problem } from './problem'

type KeyScope = 'read' | 'write'
/**
 * Who is calling: an account key (an owner, or a viewer when read-only) or a person's key. `partyId` is
 * set for the customer role only, which sees that party's shipments and nothing else.
 */
export type Caller = {
  accountId: string
  scope: KeyScope
  keyId: string
  role: Role
  userId?: string
  partyId?: string
  /** For the audit trail: the person's name, or the key's. */
  actorName?: string
}
export type Authenticate = (rawKey: string) => Promise<Caller | null>

/** Keys are printable ASCII. */
export const tokenFrom = (header: string) =>
  /^(?:Token|Bearer)[ \t]+([\x21-\x7e]+)$/i.exec(header.trim())?.[1]

export type AuthEnv = { Variables: { caller: Caller } }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A person's key reads only when its role (or ceiling) does: the refusal says so, as a route's role check would. */
const readOnly = (caller: Caller) =>
  caller.userId
    ? problem(403, {
        detail: `This key acts as ${caller.role === 'customer' ? 'a customer' : 'a viewer'}, who only reads; changes need an operator or above`,
        code: 'role_forbidden',
      })
    : problem(403, { detail: 'This API key is read-only and cannot make changes', code: 'forbidden' })

export const requireToken =
  (authenticate: Authenticate): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const header = c.req.header('Authorization') ?? ''
    const token = tokenFrom(header)
    if (!token)
      throw problem(401, {
        detail: header
          ? "The Authorization header must read 'Token <API key>', the key in printable ASCII"
          : 'An API key is required',
        code: 'unauthorized',
      })
    const caller = await authenticate(token)
    if (!caller) throw problem(401, { detail: 'That API key is not valid', code: 'unauthorized' })
    if (!SAFE_METHODS.has(c.req.method) && caller.scope !== 'write') throw readOnly(caller)
    c.set('caller', caller)
    await next()
  }

/**
 * A burst of requests costs one lookup; a revoked key stops within the TTL. A person's caller is kept
 * `personTtlMs` only, since another process may change their role; this process forgets them at once.
 */
export function cachedAuthenticate(
  authenticate: Authenticate,
  now: () => Date,
  ttlMs = 30_000,
  personTtlMs = 5_000,
) {
  const cache = new Map<string, { caller: Caller | null; until: number }>()
  const known = (rawKey: string) => {
    const hit = cache.get(rawKey)
    return hit && hit.until > now().getTime() ? hit.caller : undefined
  }
  const cached: Authenticate = async (rawKey) => {
    const hit = known(rawKey)
    if (hit !== undefined) return hit
    const caller = await authenticate(rawKey)
    if (cache.size > 10_000) cache.clear()
    const ttl = !caller ? 2_000 : caller.userId ? personTtlMs : ttlMs
    cache.set(rawKey, { caller, until: now().getTime() + ttl })
    return caller
  }
  /** After a change to the person's role, keys or sessions. */
  const forgetUser = (userId: string) => {
    for (const [rawKey, hit] of cache) if (hit.caller?.userId === userId) cache.delete(rawKey)
  }
  return Object.assign(cached, { known, forgetUser, forgetKey: (keyId: string) => forgetKey(cache, keyId) })
}

/** A revoked key stops at once in this process rather than at the end of its cached TTL. */
function forgetKey(cache: Map<string, { caller: Caller | null }>, keyId: string) {
  for (const [rawKey, hit] of cache) if (hit.caller?.keyId === keyId) cache.delete(rawKey)
}
