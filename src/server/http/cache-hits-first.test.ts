import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type AuthEnv, type Caller, cachedAuthenticate, requireToken } from './auth'
import { cacheHitsFirst } from './cache-hits-first'
import { renderError } from './errors'
import { createRateLimiter } from './rate-limit'
import { createResponseCache } from './response-cache'

const KEYS: Record<string, Caller> = {
  'key-a': { accountId: 'a', scope: 'read', keyId: 'ka', role: 'viewer' },
  'key-b': { accountId: 'b', scope: 'read', keyId: 'kb', role: 'viewer' },
}

function service(limitPerMinute = 100) {
  const now = () => new Date()
  const authenticate = cachedAuthenticate(async (key) => KEYS[key] ?? null, now)
  const limiter = createRateLimiter(limitPerMinute, now)
  const cache = createResponseCache()
  let renders = 0
  const app = new Hono<AuthEnv>()
  app.use(cacheHitsFirst({ knownCaller: authenticate.known, limiter, cache }))
  app.use(requireToken(authenticate))
  app.use(limiter.middleware)
  app.use(cache.middleware)
  app.get('/things', (c) => c.json({ account: c.var.caller.accountId, renders: ++renders }))
  app.onError((error, c) => renderError(error, c))
  const get = async (key: string) => {
    const response = await app.request('/things', { headers: { Authorization: `Token ${key}` } })
    return {
      status: response.status,
      cache: response.headers.get('X-Cache'),
      remaining: response.headers.get('X-RateLimit-Remaining'),
      body: (await response.json()) as { account?: string; renders?: number },
    }
  }
  return { cache, get }
}

describe('cache hits answered before routing', () => {
  it('serve the account its own cached document and count against the key', async () => {
    const { get } = service()
    expect(await get('key-a')).toMatchObject({
      cache: null,
      remaining: '99',
      body: { account: 'a', renders: 1 },
    })
    expect(await get('key-a')).toMatchObject({
      cache: 'hit',
      remaining: '98',
      body: { account: 'a', renders: 1 },
    })
    expect(await get('key-b')).toMatchObject({ cache: null, body: { account: 'b', renders: 2 } })
  })

  it('leave unknown keys to the full path, which refuses them', async () => {
    const { get } = service()
    await get('key-a')
    expect((await get('key-z')).status).toBe(401)
  })

  it('stop at the rate limit: the full path answers 429', async () => {
    const { get } = service(2)
    await get('key-a')
    expect((await get('key-a')).cache).toBe('hit')
    expect((await get('key-a')).status).toBe(429)
  })

  it('never answer with a document older than the account’s last change', async () => {
    const { cache, get } = service()
    await get('key-a')
    cache.invalidate('a')
    expect(await get('key-a')).toMatchObject({ cache: null, body: { renders: 2 } })
  })
})
