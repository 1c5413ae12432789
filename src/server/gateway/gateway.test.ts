import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../contract/document'
import { SessionSchema } from '../../contract/session'
import { createGateway, SESSION_COOKIE, upstreamTarget } from './gateway'
import { createSessionStore } from './sessions'

const GOOD_KEY = 'good-key-123456'

/** A stand-in service that records what reached it and accepts only GOOD_KEY. */
const recordingService = () => {
  const seen: Request[] = []
  const service = async (request: Request) => {
    seen.push(request)
    const ok = request.headers.get('authorization') === `Token ${GOOD_KEY}`
    return new Response(JSON.stringify(ok ? { data: [] } : { errors: [{ status: '401' }] }), {
      status: ok ? 200 : 401,
      headers: { 'content-type': 'application/vnd.api+json' },
    })
  }
  return { seen, service }
}

const cookieFrom = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? ''

const postSession = (app: ReturnType<typeof createGateway>, apiKey: string) =>
  app.request('/session', {
    method: 'POST',
    body: JSON.stringify({ apiKey }),
    headers: { 'content-type': 'application/json' },
  })

const MB = 1024 * 1024

/** A body of `total` bytes made on demand, counting how much of it anyone pulled. */
const lazyBody = (total: number) => {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  const counter = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close()
      counter.pulled += chunk.length
      controller.enqueue(chunk)
    },
  })
  return { stream, counter }
}

const postStream = (stream: ReadableStream<Uint8Array>) =>
  new Request('http://localhost/v2/tracking_requests', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/vnd.api+json', authorization: 'Token remote-key' },
    duplex: 'half',
  } as RequestInit)

describe('the gateway', () => {
  it('signs a visitor in with an HttpOnly, SameSite cookie and adds the key to /v2 calls', async () => {
    const { seen, service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const signIn = await postSession(app, GOOD_KEY)
    expect(signIn.status).toBe(200)
    const setCookie = signIn.headers.get('set-cookie')!
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain(GOOD_KEY)
    expect(await signIn.text()).not.toContain(GOOD_KEY)

    const call = await app.request('/v2/shipments', { headers: { cookie: cookieFrom(signIn) } })
    expect(call.status).toBe(200)
    const forwarded = seen.at(-1)!
    expect(forwarded.headers.get('authorization')).toBe(`Token ${GOOD_KEY}`)
    expect(forwarded.headers.get('cookie')).toBeNull()
  })

  it('refuses a key the service does not accept, with a pointer to the field', async () => {
    const { service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const response = await postSession(app, 'wrong-key-123')
    expect(response.status).toBe(401)
    expect((await response.json()).errors[0].source.pointer).toBe('/apiKey')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('signs a demo visitor in with a session cookie of their own, which the API then needs', async () => {
    const { seen, service } = recordingService()
    const sessions = createSessionStore()
    const demo = { apiKey: GOOD_KEY, readOnlyKey: `${GOOD_KEY}-read`, access: 'read-write' as const }
    const app = createGateway({ service, sessions, demo })
    const opened = await app.request('/session')
    expect(SessionSchema.parse(await opened.json())).toEqual({
      signedIn: true,
      demo: true,
      access: 'read-write',
      user: null,
    })
    expect(opened.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=.+HttpOnly`))
    expect(sessions.size).toBe(1)
    const cookie = cookieFrom(opened)
    expect(await (await app.request('/session', { headers: { cookie } })).json()).toMatchObject({
      signedIn: true,
    })
    expect(sessions.size).toBe(1)

    await app.request('/v2/shipments', { headers: { cookie } })
    expect(seen.at(-1)!.headers.get('authorization')).toBe(`Token ${GOOD_KEY}`)
    await app.request('/v2/shipments')
    expect(seen.at(-1)!.headers.get('authorization')).toBeNull()
  })

  it('refuses a body over 1 MB with 413 after reading little more than 1 MB, never calling the service', async () => {
    const { seen, service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const { stream, counter } = lazyBody(200 * MB)
    const response = await app.request(postStream(stream))
    expect(response.status).toBe(413)
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(ErrorDocumentSchema.parse(await response.json()).errors[0].status).toBe('413')
    expect(counter.pulled).toBeLessThan(2 * MB)
    expect(seen).toEqual([])
  })

  it('refuses a body whose Content-Length is over 1 MB without reading it', async () => {
    const { seen, service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const { stream, counter } = lazyBody(200 * MB)
    const request = postStream(stream)
    request.headers.set('content-length', String(200 * MB))
    expect((await app.request(request)).status).toBe(413)
    expect(counter.pulled).toBeLessThan(2 * MB)
    expect(seen).toEqual([])
  })

  it('passes a body under the limit through whole', async () => {
    const seen: string[] = []
    const app = createGateway({
      service: async (request) => {
        seen.push(await request.text())
        return new Response(null, { status: 204 })
      },
      sessions: createSessionStore(),
    })
    const { stream } = lazyBody(MB - 64 * 1024)
    expect((await app.request(postStream(stream))).status).toBe(204)
    expect(seen[0]).toHaveLength(MB - 64 * 1024)
  })

  it('answers a path it does not serve with a JSON:API 404', async () => {
    const { service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const response = await app.request('/no/such/page')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(ErrorDocumentSchema.parse(await response.json()).errors[0]).toMatchObject({
      status: '404',
      title: 'Not Found',
    })
  })

  it('forgets the session on sign-out', async () => {
    const { seen, service } = recordingService()
    const app = createGateway({ service, sessions: createSessionStore() })
    const cookie = cookieFrom(await postSession(app, GOOD_KEY))
    const signOut = await app.request('/session', {
      method: 'DELETE',
      headers: { cookie, 'content-type': 'application/json' },
    })
    expect(signOut.status).toBe(204)
    expect(
      SessionSchema.parse(await (await app.request('/session', { headers: { cookie } })).json()),
    ).toEqual({
      signedIn: false,
      demo: false,
      access: 'read-write',
      user: null,
    })
    await app.request('/v2/shipments', { headers: { cookie } })
    expect(seen.at(-1)!.headers.get('authorization')).toBeNull()
  })
})

describe('upstreamTarget', () => {
  let received: { url: string; headers: IncomingHttpHeaders; method: string }[] = []
  const upstream = createServer((request, response) => {
    received.push({ url: request.url!, headers: request.headers, method: request.method! })
    response.writeHead(429, {
      'content-type': 'application/vnd.api+json',
      'retry-after': '7',
      'x-secret': 'no',
    })
    response.end('{"errors":[{"status":"429"}]}')
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v2`
  })
  afterAll(() => new Promise<void>((done) => upstream.close(() => done())))

  it('passes path, query and key to the remote service over real HTTP and relays Retry-After', async () => {
    received = []
    const app = createGateway({ service: upstreamTarget(base), sessions: createSessionStore() })
    const response = await app.request('/v2/shipments?page[size]=5', {
      headers: { authorization: 'Token remote-key', cookie: 'other=1' },
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('7')
    expect(response.headers.get('x-secret')).toBeNull()
    expect(received[0].url).toBe('/v2/shipments?page[size]=5')
    expect(received[0].headers.authorization).toBe('Token remote-key')
    expect(received[0].headers.cookie).toBeUndefined()
  })

  it('refuses an oversized body before anything reaches the remote service', async () => {
    received = []
    const app = createGateway({ service: upstreamTarget(base), sessions: createSessionStore() })
    const { stream, counter } = lazyBody(200 * MB)
    const response = await app.request(postStream(stream))
    expect(response.status).toBe(413)
    expect(counter.pulled).toBeLessThan(2 * MB)
    expect(received).toEqual([])
  })
})
