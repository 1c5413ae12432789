import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pinnedFetch } from './pinned-fetch'
import { createAddressGuard, parseAllowlist, UnsafeAddressError } from './url-safety'

let seen: { host?: string; headers: IncomingHttpHeaders; body: string }[] = []
const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    seen.push({
      host: request.headers.host,
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    })
    if (request.url === '/empty') return response.writeHead(204).end()
    response.writeHead(request.url === '/moved' ? 302 : 200, { location: '/elsewhere', 'x-answer': 'yes' })
    response.end('answered')
  })
})
let port = 0
beforeAll(async () => {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

/** A guard that resolves every name to `addresses`, counting the look-ups. */
const guardResolvingTo = (addresses: string[], allow: string[]) => {
  const lookups: string[] = []
  const guard = createAddressGuard({
    allowlist: parseAllowlist(allow),
    resolve: async (host) => {
      lookups.push(host)
      return addresses
    },
    interfaceAddresses: () => new Set(),
  })
  return { guard, lookups }
}

const post = (send: typeof fetch, url: string) =>
  send(url, {
    method: 'POST',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json', 'x-mine': 'v' },
  })

describe('pinnedFetch', () => {
  it('connects to the checked address of a name, resolved once, keeping the Host header', async () => {
    seen = []
    const { guard, lookups } = guardResolvingTo(['127.0.0.1'], ['127.0.0.0/8'])
    const response = await post(pinnedFetch(guard), `http://hooks.example.test:${port}/hook`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-answer')).toBe('yes')
    expect(await response.text()).toBe('answered')
    expect(lookups).toEqual(['hooks.example.test'])
    expect(seen[0]).toMatchObject({ host: `hooks.example.test:${port}`, body: '{"a":1}' })
    expect(seen[0].headers['x-mine']).toBe('v')
    expect(seen[0].headers['content-length']).toBe('7')
  })

  it('refuses to connect when the name resolves to an address it may not reach', async () => {
    seen = []
    const { guard } = guardResolvingTo(['127.0.0.1'], [])
    const failure = await post(pinnedFetch(guard), `http://rebound.example.test:${port}/hook`).catch((e) => e)
    expect(failure).toBeInstanceOf(TypeError)
    expect(failure.cause).toBeInstanceOf(UnsafeAddressError)
    expect(failure.cause.message).toMatch(/rebound\.example\.test points to a private or internal address/)
    expect(seen).toEqual([])
  })

  it('refuses an address written in the URL without connecting', async () => {
    seen = []
    const { guard, lookups } = guardResolvingTo([], [])
    const failure = await post(pinnedFetch(guard), `http://127.0.0.1:${port}/hook`).catch((e) => e)
    expect(failure.cause).toBeInstanceOf(UnsafeAddressError)
    expect(lookups).toEqual([])
    expect(seen).toEqual([])
  })

  it('does not follow a redirect, and gives a 204 an empty body', async () => {
    const { guard } = guardResolvingTo(['127.0.0.1'], ['127.0.0.0/8'])
    const moved = await post(pinnedFetch(guard), `http://127.0.0.1:${port}/moved`)
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe('/elsewhere')
    const empty = await post(pinnedFetch(guard), `http://127.0.0.1:${port}/empty`)
    expect(empty.status).toBe(204)
    expect(await empty.text()).toBe('')
  })

  it('gives up when the signal aborts, with the signal reason', async () => {
    const { guard } = guardResolvingTo(['127.0.0.1'], ['127.0.0.0/8'])
    const hang = createServer(() => undefined)
    await new Promise<void>((ready) => hang.listen(0, '127.0.0.1', ready))
    const url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/`
    const failure = await pinnedFetch(guard)(url, {
      method: 'POST',
      body: 'x',
      signal: AbortSignal.timeout(100),
    }).catch((e) => e)
    expect(failure.name).toBe('TimeoutError')
    hang.closeAllConnections()
    await new Promise<void>((done) => hang.close(() => done()))
  })
})
