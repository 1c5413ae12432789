import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { AuthEnv } from './auth'
import { createResponseCache } from './response-cache'

vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>()
  return { ...zlib, brotliCompressSync: vi.fn(zlib.brotliCompressSync) }
})

function appWith(ttlMs = 60_000) {
  const cache = createResponseCache({ ttlMs })
  let renders = 0
  const app = new Hono<AuthEnv>()
  app.use(async (c, next) => {
    c.set('caller', {
      accountId: c.req.header('X-Account') ?? 'a',
      scope: 'write',
      keyId: 'k',
      role: 'owner',
    })
    await next()
  })
  app.use(cache.middleware)
  app.get('/things', (c) => c.json({ renders: ++renders }))
  app.get('/missing', (c) => c.json({ renders: ++renders }, 404))
  app.post('/things', (c) => c.json({ ok: true }, 201))
  const get = async (path = '/things', headers: Record<string, string> = {}) => {
    const response = await app.request(path, { headers })
    return { cache: response.headers.get('X-Cache'), body: (await response.json()) as { renders: number } }
  }
  return { app, cache, get }
}

describe('the response cache', () => {
  it("passes a file's bytes through untouched and keeps no copy of them", async () => {
    const { app } = appWith()
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0x80, 0xc3])
    app.get('/file', (c) => c.body(bytes, 200, { 'Content-Type': 'application/pdf' }))
    for (let i = 0; i < 2; i++) {
      const response = await app.request('/file')
      expect(response.headers.get('X-Cache')).toBeNull()
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
    }
  })

  it('serves a rendered document again to the same account', async () => {
    const { get } = appWith()
    expect(await get()).toEqual({ cache: null, body: { renders: 1 } })
    expect(await get()).toEqual({ cache: 'hit', body: { renders: 1 } })
  })

  it('never serves one account what was rendered for another', async () => {
    const { get } = appWith()
    await get('/things', { 'X-Account': 'a' })
    expect((await get('/things', { 'X-Account': 'b' })).body.renders).toBe(2)
  })

  it('renders afresh after the account writes, and only for that account', async () => {
    const { app, get } = appWith()
    await get('/things', { 'X-Account': 'a' })
    await get('/things', { 'X-Account': 'b' })
    await app.request('/things', { method: 'POST', headers: { 'X-Account': 'a' } })
    expect((await get('/things', { 'X-Account': 'a' })).body.renders).toBe(3)
    expect(await get('/things', { 'X-Account': 'b' })).toEqual({ cache: 'hit', body: { renders: 2 } })
  })

  it('renders afresh when the engine reports a change, when asked with no-cache, and after the TTL', async () => {
    const { cache, get } = appWith(30)
    await get()
    cache.invalidate('a')
    expect((await get()).body.renders).toBe(2)
    expect((await get('/things', { 'Cache-Control': 'no-cache' })).body.renders).toBe(3)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect((await get()).body.renders).toBe(4)
  })

  it('does not keep failures', async () => {
    const { get } = appWith()
    await get('/missing')
    expect((await get('/missing')).body.renders).toBe(2)
  })
})

describe('the response cache under concurrent requests', () => {
  function slowApp(ttlMs: number) {
    const cache = createResponseCache({ ttlMs })
    let renders = 0
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', { accountId: 'a', scope: 'write', keyId: 'k', role: 'owner' })
      await next()
    })
    app.use(cache.middleware)
    app.get('/slow', async (c) => {
      const render = ++renders
      await new Promise((resolve) => setTimeout(resolve, 20))
      return c.json({ renders: render })
    })
    const get = async () => {
      const response = await app.request('/slow')
      return { cache: response.headers.get('X-Cache'), body: (await response.json()) as { renders: number } }
    }
    return { cache, get }
  }

  it('renders a document once for many requests that arrive together', async () => {
    const { get } = slowApp(60_000)
    const answers = await Promise.all(Array.from({ length: 20 }, get))
    expect(answers.map((a) => a.body.renders)).toEqual(Array(20).fill(1))
  })

  it('serves the previous copy while one request refreshes an expired document', async () => {
    const { get } = slowApp(10)
    await get()
    await new Promise((resolve) => setTimeout(resolve, 15))
    const [refreshing, ...others] = await Promise.all(Array.from({ length: 5 }, get))
    expect(refreshing.body.renders).toBe(2)
    expect(others.map((a) => a.cache)).toEqual(Array(4).fill('stale'))
    expect(others.map((a) => a.body.renders)).toEqual(Array(4).fill(1))
  })

  it('never serves a copy older than a write, even while a render is under way', async () => {
    const { cache, get } = slowApp(60_000)
    const first = get()
    await new Promise((resolve) => setTimeout(resolve, 5))
    cache.invalidate('a')
    const second = get()
    expect((await first).body.renders).toBe(1)
    expect((await second).body.renders).toBe(2)
  })
})

describe('the response cache within its byte limit', () => {
  function sizedApp(maxBytes: number) {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes })
    const renders = new Map<string, number>()
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', { accountId: 'a', scope: 'write', keyId: 'k', role: 'owner' })
      await next()
    })
    app.use(cache.middleware)
    app.get('/doc/:size/:id', (c) => {
      renders.set(c.req.path, (renders.get(c.req.path) ?? 0) + 1)
      return c.text('x'.repeat(Number(c.req.param('size'))))
    })
    const get = async (path: string) => (await app.request(path)).headers.get('X-Cache')
    return { get, rendersOf: (path: string) => renders.get(path) ?? 0 }
  }

  it('drops the least recently stored documents once their bodies fill the limit', async () => {
    const { get, rendersOf } = sizedApp(1000)
    for (let id = 1; id <= 10; id++) await get(`/doc/100/${id}`)
    expect(await get('/doc/100/1')).toBe('hit')
    await get('/doc/100/11')
    expect(await get('/doc/100/2')).toBe('hit')
    expect(await get('/doc/100/1')).toBeNull()
    expect(rendersOf('/doc/100/1')).toBe(2)
  })

  it('keeps no document larger than an eighth of the limit', async () => {
    const { get, rendersOf } = sizedApp(1000)
    await get('/doc/126/big')
    expect(await get('/doc/126/big')).toBeNull()
    expect(rendersOf('/doc/126/big')).toBe(2)
    await get('/doc/125/fits')
    expect(await get('/doc/125/fits')).toBe('hit')
  })
})

describe('the response cache and the key that asks', () => {
  it('never serves a read-only key what was rendered for a read-write key of the same account', async () => {
    const cache = createResponseCache()
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', {
        accountId: 'a',
        scope: c.req.header('X-Scope') as 'read',
        keyId: 'k',
        role: 'viewer',
      })
      await next()
    })
    app.use(cache.middleware)
    app.get('/account', (c) => c.json({ key_scope: c.var.caller.scope }))
    const scopeSeen = async (scope: string) =>
      (
        (await (await app.request('/account', { headers: { 'X-Scope': scope } })).json()) as {
          key_scope: string
        }
      ).key_scope
    expect(await scopeSeen('write')).toBe('write')
    expect(await scopeSeen('read')).toBe('read')
    expect(await scopeSeen('write')).toBe('write')
  })
})

describe('the response cache and the text a render wrote', () => {
  it('keeps the text the renderer hands over (textOf), not a copy read from the response', async () => {
    const written = new WeakMap<Response, string>()
    const cache = createResponseCache({ textOf: async (response) => written.get(response) ?? '' })
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', { accountId: 'a', scope: 'write', keyId: 'k', role: 'owner' })
      await next()
    })
    app.use(cache.middleware)
    app.get('/doc', (c) => {
      const response = c.body('{"as":"sent"}', 200, { 'Content-Type': 'application/vnd.api+json' })
      written.set(response, '{"as":"written"}')
      return response
    })
    expect(await (await app.request('/doc')).text()).toBe('{"as":"written"}')
    const hit = await app.request('/doc')
    expect(hit.headers.get('X-Cache')).toBe('hit')
    expect(await hit.text()).toBe('{"as":"written"}')
  })
})

describe('the response cache with compression', () => {
  it('keeps the compressed bytes, so a hit costs no compression', async () => {
    const cache = createResponseCache()
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', { accountId: 'a', scope: 'write', keyId: 'k', role: 'owner' })
      await next()
    })
    app.use(cache.middleware)
    const big = JSON.stringify({ data: Array.from({ length: 300 }, (_, i) => ({ id: String(i) })) })
    app.get('/big', (c) => c.body(big, 200, { 'Content-Type': 'application/vnd.api+json' }))
    const get = (encoding: string) => app.request('/big', { headers: { 'Accept-Encoding': encoding } })
    const compressions = vi.mocked(brotliCompressSync)
    compressions.mockClear()
    const miss = await get('br')
    expect(miss.headers.get('Content-Encoding')).toBe('br')
    const bytes = Buffer.from(await miss.arrayBuffer())
    expect(brotliDecompressSync(bytes).toString()).toBe(big)
    for (let i = 0; i < 3; i++) {
      const hit = await get('gzip, br')
      expect(hit.headers.get('X-Cache')).toBe('hit')
      expect(hit.headers.get('Content-Encoding')).toBe('br')
      expect(Buffer.from(await hit.arrayBuffer())).toEqual(bytes)
    }
    expect(compressions).toHaveBeenCalledTimes(1)
    const plain = await get('identity')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(big)
  })
})

describe('the response cache among several processes', () => {
  it("passes on this process's changes, and drops every account's copies after a gap in the others' news", async () => {
    const told: string[] = []
    const cache = createResponseCache({ onChange: (accountId) => told.push(accountId) })
    let renders = 0
    const app = new Hono<AuthEnv>()
    app.use(async (c, next) => {
      c.set('caller', {
        accountId: c.req.header('X-Account') ?? 'a',
        scope: 'write',
        keyId: 'k',
        role: 'owner',
      })
      await next()
    })
    app.use(cache.middleware)
    app.get('/things', (c) => c.json({ renders: ++renders }))
    app.post('/things', (c) => c.json({}, 201))
    const get = async (account: string) =>
      (await app.request('/things', { headers: { 'X-Account': account } })).headers.get('X-Cache')
    await get('a')
    await get('b')
    await app.request('/things', { method: 'POST', headers: { 'X-Account': 'a' } })
    cache.invalidate('b')
    expect(told).toEqual(['a', 'b'])
    await get('a')
    await get('b')
    cache.changedElsewhere('a')
    expect([await get('a'), await get('b')]).toEqual([null, 'hit'])
    cache.changedElsewhere(undefined)
    expect([await get('a'), await get('b')]).toEqual([null, null])
    expect(told).toEqual(['a', 'b'])
  })
})
