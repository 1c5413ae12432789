import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../contract/document'
import { SessionSchema } from '../../contract/session'
import type { DemoSignIn } from './demo-access'
import { createGateway, type GatewayOptions, SESSION_COOKIE } from './gateway'
import { hostPolicy } from './host-check'
import { frameAncestorsFor } from './security-headers'
import { createSessionStore } from './sessions'

const KEY = 'good-key-123456'
const READ_KEY = `${KEY}-read`
const ORIGIN = 'http://localhost'

/** A stand-in service that accepts KEY and READ_KEY and records the calls that reach it. */
const recordingService = () => {
  const seen: Request[] = []
  const service = async (request: Request) => {
    seen.push(request)
    const key = request.headers.get('authorization')
    const ok = key === `Token ${KEY}` || key === `Token ${READ_KEY}`
    return new Response(JSON.stringify(ok ? { data: [] } : { errors: [{ status: '401' }] }), {
      status: ok ? 200 : 401,
      headers: { 'content-type': 'application/vnd.api+json' },
    })
  }
  return { seen, service }
}

const demoOf = (access: DemoSignIn['access']): DemoSignIn => ({ apiKey: KEY, readOnlyKey: READ_KEY, access })

const gateway = (options: Partial<GatewayOptions> = {}) => {
  const recorded = recordingService()
  const app = createGateway({ service: recorded.service, sessions: createSessionStore(), ...options })
  return { ...recorded, app }
}

const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? ''
const json = { 'content-type': 'application/vnd.api+json' }

/** A demo visitor's cookie. */
const visit = async (app: ReturnType<typeof gateway>['app'], headers: Record<string, string> = {}) =>
  cookieOf(await app.request('/session', { headers }))

const signIn = (
  app: ReturnType<typeof gateway>['app'],
  apiKey: string,
  headers: Record<string, string> = { ...json, origin: ORIGIN },
) => app.request('/session', { method: 'POST', body: JSON.stringify({ apiKey }), headers })

const webhookBody = JSON.stringify({
  data: { type: 'webhook', attributes: { url: 'https://93.184.216.34/h' } },
})

const errorOf = async (response: Response) => ErrorDocumentSchema.parse(await response.json()).errors[0]

describe('the gateway against cross-site requests', () => {
  it('lets a page of its own origin write through its session', async () => {
    const { app, seen } = gateway({ demo: demoOf('read-write') })
    const cookie = await visit(app)
    const response = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { cookie, origin: ORIGIN, ...json },
    })
    expect(response.status).toBe(200)
    expect(seen.at(-1)!.headers.get('authorization')).toBe(`Token ${KEY}`)
  })

  it.each([
    ['another origin', { origin: 'http://evil.example', ...json }],
    ['another port', { origin: 'http://localhost:3212', ...json }],
    ['an opaque origin', { origin: 'null', ...json }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', ...json }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site', ...json }],
  ])('refuses a write through a session from %s with 403, before the service', async (_, headers) => {
    const { app, seen } = gateway({ demo: demoOf('read-write') })
    const cookie = await visit(app)
    const response = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { cookie, ...headers },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('connection')).toBe('close')
    expect(await errorOf(response)).toMatchObject({ status: '403', code: 'cross_origin' })
    expect(seen).toEqual([])
  })

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form post', 'application/x-www-form-urlencoded'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['no type at all', undefined],
  ])('refuses a write through a session sent as %s with 415', async (_, type) => {
    const { app, seen } = gateway({ demo: demoOf('read-write') })
    const cookie = await visit(app)
    const response = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { cookie, origin: ORIGIN, ...(type ? { 'content-type': type } : {}) },
    })
    expect(response.status).toBe(415)
    expect(await errorOf(response)).toMatchObject({ status: '415', code: 'unsupported_media_type' })
    expect(seen).toEqual([])
  })

  it('lets a call with its own token through whatever its origin, since no browser adds that header', async () => {
    const { app } = gateway()
    const response = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { authorization: `Token ${KEY}`, origin: 'http://evil.example', 'content-type': 'text/plain' },
    })
    expect(response.status).toBe(200)
  })

  it('refuses a sign-in from another origin or as a form (login CSRF), setting no cookie', async () => {
    const { app, seen } = gateway()
    for (const headers of [
      { ...json, origin: 'http://evil.example' },
      { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      { 'content-type': 'text/plain', origin: ORIGIN },
    ]) {
      const response = await signIn(app, KEY, headers)
      expect([403, 415]).toContain(response.status)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
    expect(seen).toEqual([])
  })

  it('signs no visitor in to the demo from another site', async () => {
    const { app } = gateway({ demo: demoOf('read-write') })
    const response = await app.request('/session', { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(await response.json()).toMatchObject({ signedIn: false })
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('the gateway and the demo', () => {
  it('answers a /v2 call with neither token nor session without adding a key', async () => {
    const { app, seen } = gateway({ demo: demoOf('read-write') })
    expect((await app.request('/v2/shipments')).status).toBe(401)
    expect(seen.at(-1)!.headers.get('authorization')).toBeNull()
  })

  it('signs a visitor of a read-only demo in with the read-only key and says so', async () => {
    const { app, seen } = gateway({ demo: demoOf('read-only') })
    const opened = await app.request('/session')
    expect(SessionSchema.parse(await opened.json())).toEqual({
      signedIn: true,
      demo: true,
      access: 'read-only',
      user: null,
    })
    const cookie = cookieOf(opened)
    expect((await app.request('/v2/shipments', { headers: { cookie } })).status).toBe(200)
    expect(seen.at(-1)!.headers.get('authorization')).toBe(`Token ${READ_KEY}`)
    const write = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { cookie, origin: ORIGIN, ...json },
    })
    expect(write.status).toBe(403)
    expect(await errorOf(write)).toMatchObject({
      code: 'read_only',
      detail: expect.stringMatching(/demo is read-only/),
    })
    expect(seen).toHaveLength(1)
  })

  it('keeps the printed demo key read-write for whoever signs in with it, even in a read-only demo', async () => {
    const { app } = gateway({ demo: demoOf('read-only') })
    const response = await signIn(app, KEY)
    expect(await response.json()).toEqual({ signedIn: true, demo: true, access: 'read-write', user: null })
    const cookie = cookieOf(response)
    const write = await app.request('/v2/webhooks', {
      method: 'POST',
      body: webhookBody,
      headers: { cookie, origin: ORIGIN, ...json },
    })
    expect(write.status).toBe(200)
  })

  it('reports a read-only key signed in as read-only, as the service says', async () => {
    const { app } = gateway({ scopeOf: async (key) => (key === READ_KEY ? 'read' : 'write') })
    expect(await (await signIn(app, READ_KEY)).json()).toEqual({
      signedIn: true,
      demo: false,
      access: 'read-only',
      user: null,
    })
    expect(await (await signIn(app, KEY)).json()).toEqual({
      signedIn: true,
      demo: false,
      access: 'read-write',
      user: null,
    })
  })

  it('gives a fresh session id at sign-in, forgetting the one the browser came with', async () => {
    const sessions = createSessionStore()
    const { app } = gateway({ sessions, demo: demoOf('read-write') })
    const before = await visit(app)
    const after = cookieOf(await signIn(app, KEY, { ...json, origin: ORIGIN, cookie: before }))
    expect(after).not.toBe(before)
    expect(
      await (
        await app.request('/session', { headers: { cookie: before, 'sec-fetch-site': 'cross-site' } })
      ).json(),
    ).toMatchObject({ signedIn: false })
  })

  it('refuses an API key with characters outside printable ASCII with 422 at the field, not 500', async () => {
    const { app, seen } = gateway()
    for (const apiKey of ['ключ-ключ-ключ', 'key-with-\u0001-control', 'key with spaces']) {
      const response = await signIn(app, apiKey)
      expect(response.status).toBe(422)
      expect(await errorOf(response)).toMatchObject({ source: { pointer: '/apiKey' } })
    }
    expect(seen).toEqual([])
  })

  it('refuses a sign-in body over 4 KB with 413 and closes the connection, reading little of it', async () => {
    const { app, seen } = gateway()
    let pulled = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 200 * 1024 * 1024) return controller.close()
        pulled += chunk.length
        controller.enqueue(chunk)
      },
    })
    const response = await app.request(
      new Request('http://localhost/session', {
        method: 'POST',
        body,
        headers: { ...json, origin: ORIGIN },
        duplex: 'half',
      } as RequestInit),
    )
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(pulled).toBeLessThanOrEqual(128 * 1024)
    expect(seen).toEqual([])
  })
})

describe('the gateway against guessing and floods', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address })

  it('refuses further attempts from an address after too many failed authentications, for a minute', async () => {
    let now = new Date('2026-11-22T12:00:00Z')
    const { app } = gateway({
      security: {
        trustProxy: true,
        now: () => now,
        limits: { authFailuresPerMinute: 3, sessionStartsPerMinute: 100 },
      },
    })
    for (let i = 0; i < 3; i++)
      expect(
        (
          await app.request('/v2/shipments', {
            headers: { authorization: 'Token wrong-key', ...from('203.0.113.5') },
          })
        ).status,
      ).toBe(401)
    const refused = await app.request('/v2/shipments', {
      headers: { authorization: `Token ${KEY}`, ...from('203.0.113.5') },
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await signIn(app, KEY, { ...json, origin: ORIGIN, ...from('203.0.113.5') })).status).toBe(429)
    expect(
      (
        await app.request('/v2/shipments', {
          headers: { authorization: `Token ${KEY}`, ...from('203.0.113.6') },
        })
      ).status,
    ).toBe(200)
    now = new Date(now.getTime() + 61_000)
    expect(
      (
        await app.request('/v2/shipments', {
          headers: { authorization: `Token ${KEY}`, ...from('203.0.113.5') },
        })
      ).status,
    ).toBe(200)
  })

  it('counts wrong keys at sign-in as failures', async () => {
    const { app } = gateway({
      security: { trustProxy: true, limits: { authFailuresPerMinute: 2, sessionStartsPerMinute: 100 } },
    })
    const headers = { ...json, origin: ORIGIN, ...from('198.51.100.9') }
    expect((await signIn(app, 'wrong-key-1', headers)).status).toBe(401)
    expect((await signIn(app, 'wrong-key-2', headers)).status).toBe(401)
    expect((await signIn(app, KEY, headers)).status).toBe(429)
  })

  it('limits the sessions an address may start a minute, leaving visitors with one alone', async () => {
    const sessions = createSessionStore()
    const { app } = gateway({
      sessions,
      demo: demoOf('read-only'),
      security: { trustProxy: true, limits: { authFailuresPerMinute: 100, sessionStartsPerMinute: 2 } },
    })
    const first = await visit(app, from('192.0.2.7'))
    await visit(app, from('192.0.2.7'))
    const third = await app.request('/session', { headers: from('192.0.2.7') })
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).not.toBeNull()
    expect(sessions.size).toBe(2)
    expect((await app.request('/session', { headers: { cookie: first, ...from('192.0.2.7') } })).status).toBe(
      200,
    )
    expect((await signIn(app, KEY, { ...json, origin: ORIGIN, ...from('192.0.2.7') })).status).toBe(429)
  })

  it('counts session starts from IPv6 by their /64, and a mapped IPv4 address as itself', async () => {
    const { app } = gateway({
      demo: demoOf('read-only'),
      security: { trustProxy: true, limits: { authFailuresPerMinute: 100, sessionStartsPerMinute: 2 } },
    })
    const status = async (address: string) =>
      (await app.request('/session', { headers: from(address) })).status
    expect(await status('2001:db8:1:2::1')).toBe(200)
    expect(await status('2001:db8:1:2:ffff::2')).toBe(200)
    expect(await status('2001:db8:1:2:abcd:ef01:2345:6789')).toBe(429)
    expect(await status('2001:db8:1:3::1')).toBe(200)
    expect(await status('192.0.2.50')).toBe(200)
    expect(await status('::ffff:192.0.2.50')).toBe(200)
    expect(await status('::ffff:c000:232')).toBe(429)
  })

  it('limits each demo visitor on its own, so one visitor’s burst does not refuse another', async () => {
    const visitorLimits = {
      sessionRequestsPerMinute: 5,
      addressRequestsPerMinute: 8,
      demoRequestsPerMinute: 14,
    }
    const { app, seen } = gateway({
      demo: demoOf('read-only'),
      security: { trustProxy: true, visitorLimits },
    })
    const call = (cookie: string, address: string) =>
      app.request('/v2/shipments', { headers: { cookie, ...from(address) } })
    const [a, b, c] = [await visit(app, from('192.0.2.1')), await visit(app, from('192.0.2.2'))].concat(
      await visit(app, from('192.0.2.2')),
    )
    const burst = []
    for (let i = 0; i < 7; i++) burst.push((await call(a, '192.0.2.1')).status)
    expect(burst).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(seen).toHaveLength(5)
    // another visitor has its own minute; two visitors behind one address share the address's
    for (let i = 0; i < 5; i++) expect((await call(b, '192.0.2.2')).status).toBe(200)
    const refused = await call(b, '192.0.2.2')
    expect(refused.status).toBe(429)
    expect(await errorOf(refused)).toMatchObject({ detail: expect.stringMatching(/this visitor/) })
    for (let i = 0; i < 3; i++) expect((await call(c, '192.0.2.2')).status).toBe(200)
    expect(await errorOf(await call(c, '192.0.2.2'))).toMatchObject({
      detail: expect.stringMatching(/this address/),
    })
    // and all visitors together have the demo's limit
    const d = await visit(app, from('192.0.2.4'))
    expect((await call(d, '192.0.2.4')).status).toBe(200)
    expect(await errorOf(await call(d, '192.0.2.4'))).toMatchObject({
      detail: expect.stringMatching(/all demo visitors/),
    })
    // a call with a key of its own is the service's to count, not the gateway's
    const own = await app.request('/v2/shipments', {
      headers: { authorization: `Token ${KEY}`, ...from('192.0.2.4') },
    })
    expect(own.status).toBe(200)
  })

  it('believes X-Forwarded-For only behind a trusted proxy', async () => {
    const { app } = gateway({
      demo: demoOf('read-only'),
      security: { limits: { authFailuresPerMinute: 100, sessionStartsPerMinute: 1 } },
    })
    expect((await app.request('/session', { headers: from('192.0.2.1') })).status).toBe(200)
    expect((await app.request('/session', { headers: from('192.0.2.2') })).status).toBe(429)
  })
})

describe('the gateway and the Host header', () => {
  const requestFor = (host: string) => new Request(`http://${host}/session`)

  it('answers only PUBLIC_URL and ALLOWED_HOSTS names when they are set, refusing others with 421', async () => {
    const allowedHost = hostPolicy({
      publicUrl: 'https://demo.example.com',
      allowedHosts: ['.quayside.example'],
      bindHost: '0.0.0.0',
    })
    const { app } = gateway({ security: { allowedHost } })
    for (const host of ['demo.example.com', 'quayside.example', 'eu.quayside.example:8443'])
      expect((await app.request(requestFor(host))).status).toBe(200)
    for (const host of ['evil.example', 'demo.example.com.evil.example', '127.0.0.1', 'localhost']) {
      const response = await app.request(requestFor(host))
      expect(response.status).toBe(421)
      expect(response.headers.get('connection')).toBe('close')
      expect(await errorOf(response)).toMatchObject({ status: '421', code: 'unknown_host' })
    }
  })

  it('answers only loopback names by default when bound to loopback (DNS rebinding)', async () => {
    const { app } = gateway({
      security: { allowedHost: hostPolicy({ allowedHosts: [], bindHost: '127.0.0.1' }) },
    })
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost'])
      expect((await app.request(requestFor(host))).status).toBe(200)
    for (const host of ['rebind.evil.example:3000', '192.0.2.2:3000'])
      expect((await app.request(requestFor(host))).status).toBe(421)
  })

  it('answers every name when bound to a network with nothing configured', () => {
    expect(hostPolicy({ allowedHosts: [], bindHost: '0.0.0.0' })).toBeUndefined()
  })
})

describe('the gateway headers', () => {
  it('sends a strict CSP, nosniff, a Referrer-Policy and no framing on pages and API answers alike', async () => {
    const { app } = gateway()
    for (const path of ['/session', '/v2/shipments', '/no/such/page']) {
      const response = await app.request(path)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('same-origin')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('lets only the embed routes be framed, and only by their allowlist', async () => {
    expect(frameAncestorsFor('/embed/containers/x', ['https://portal.example.com'])).toBe(
      'https://portal.example.com',
    )
    expect(frameAncestorsFor('/embed/containers/x', [])).toBe("'none'")
    expect(frameAncestorsFor('/shipments', ['https://portal.example.com'])).toBe("'none'")
    const { app } = gateway({ security: { embedAncestors: ['https://portal.example.com'] } })
    const embed = await app.request('/embed/containers/x')
    expect(embed.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://portal.example.com',
    )
    expect(embed.headers.get('x-frame-options')).toBeNull()
  })

  it('serves the dashboard but never its source maps', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quayside-static-'))
    mkdirSync(join(root, 'assets'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quayside</title>')
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
    writeFileSync(join(root, 'assets', 'app.js.map'), '{"version":3}')
    const { app } = gateway({ staticRoot: root })
    expect((await app.request('/assets/app.js')).status).toBe(200)
    const map = await app.request('/assets/app.js.map')
    expect(map.status).toBe(404)
    expect(await map.text()).not.toContain('version')
  })

  it('answers methods it has no use for with 405 and Allow (TRACE, which Request refuses to make, is in the hostile-input suite)', async () => {
    const { app, seen } = gateway()
    for (const method of ['PROPFIND', 'PURGE', 'LOCK']) {
      const response = await app.request('/v2/shipments', { method })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toContain('GET')
      expect(await errorOf(response)).toMatchObject({ status: '405', code: 'method_not_allowed' })
    }
    expect(seen).toEqual([])
  })

  it.each([
    ['over HTTPS behind a trusted proxy', { trustProxy: true }, { 'x-forwarded-proto': 'https' }, true],
    ['over HTTP behind a trusted proxy', { trustProxy: true }, { 'x-forwarded-proto': 'http' }, false],
    ['claiming HTTPS without a trusted proxy', {}, { 'x-forwarded-proto': 'https' }, false],
    ['with an https PUBLIC_URL', { publicUrl: 'https://localhost' }, {}, true],
  ])('marks the session cookie Secure %s: %s', async (_, security, headers, secure) => {
    const { app } = gateway({ demo: demoOf('read-only'), security })
    const cookie = (await app.request('/session', { headers })).headers.get('set-cookie') ?? ''
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true)
    expect(/;\s*Secure/i.test(cookie)).toBe(secure)
  })
})
