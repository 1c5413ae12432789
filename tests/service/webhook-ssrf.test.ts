import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebhookTriggerResultSchema } from '../../src/contract/webhook-trigger'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

const SECRET = 'internal-secret-4f1c'

/** An internal service that must stay out of reach: it answers with a secret in its body and headers. */
async function startInternalService(host: string) {
  const received: { url?: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer((request, response) => {
    received.push({ url: request.url, headers: request.headers })
    request.resume()
    response
      .writeHead(200, { 'x-internal-token': SECRET, 'content-type': 'text/plain' })
      .end(`secret: ${SECRET}`)
  })
  await new Promise<void>((ready) => server.listen(0, host, ready))
  const port = (server.address() as AddressInfo).port
  return {
    received,
    port,
    url: (path = '/hooks') => `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** This machine's first address on a real network interface, as webhooks would see it. */
const interfaceAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address

const webhook = (url: string) =>
  JSON.stringify({ data: { type: 'webhook', attributes: { url, events: ['tracking_request.failed'] } } })
const trigger = (url: string) => JSON.stringify({ url, event: 'tracking_request.succeeded' })

describe.each(DATABASE_KINDS)('webhook SSRF on %s', (kind) => {
  let service: Service
  let loopback: Awaited<ReturnType<typeof startInternalService>>
  let own: Awaited<ReturnType<typeof startInternalService>> | undefined
  beforeAll(async () => {
    service = await startService(kind, { shipments: 2, webhookAllowlist: [] })
    loopback = await startInternalService('127.0.0.1')
    if (interfaceAddress) own = await startInternalService(interfaceAddress)
  })
  afterAll(async () => {
    await own?.stop()
    await loopback?.stop()
    await service?.stop()
  })

  const targets = () => [
    ['loopback', loopback.url()],
    ['loopback by name', `http://localhost:${loopback.port}/hooks`],
    ...(own ? [["this machine's interface address", own.url()]] : []),
  ]

  it('finds an interface address of this machine to test with', () => {
    expect(interfaceAddress, 'os.networkInterfaces() lists no external IPv4 address').toBeDefined()
  })

  it('refuses to save a webhook for an internal address, pointing at the URL', async () => {
    for (const [what, url] of targets()) {
      const response = await service.call('POST', '/v2/webhooks', { body: webhook(url) })
      expect(response.status, what).toBe(422)
      expect(response.body.errors[0]).toMatchObject({
        code: 'unsafe_url',
        source: { pointer: '/data/attributes/url' },
      })
    }
    expect(loopback.received).toEqual([])
    expect(own?.received ?? []).toEqual([])
  })

  it('refuses a test delivery to an internal address and reaches nothing', async () => {
    for (const [what, url] of targets()) {
      const response = await service.call('POST', '/v2/webhooks/trigger', { body: trigger(url) })
      expect(response.status, what).toBe(422)
      expect(response.body.errors[0]).toMatchObject({ code: 'unsafe_url', source: { pointer: '/url' } })
      expect(JSON.stringify(response.body)).not.toContain(SECRET)
    }
    expect(loopback.received).toEqual([])
    expect(own?.received ?? []).toEqual([])
  })

  it('accepts at save a host name that does not resolve, and checks it again as each delivery connects', async () => {
    // the .invalid top-level domain never resolves (RFC 6761), so the save cannot check the address
    const saved = await service.call('POST', '/v2/webhooks', {
      body: webhook(`http://hooks.quayside.invalid:${loopback.port}/rebound`),
    })
    expect(saved.status).toBe(201)
    await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: `TEST-TR-FAILED-${kind}`,
            scac: 'TEST',
          },
        },
      }),
    })
    // by delivery time the name has come to point at this machine (DNS rebinding)
    const lookups: string[] = []
    const rebound = createAddressGuard({
      allowlist: parseAllowlist([]),
      resolve: async (host) => {
        lookups.push(host)
        return ['127.0.0.1']
      },
    })
    service.advance(2 * 60_000)
    await service.engine({ newId: randomUUID, log: () => undefined }).tick()
    await service
      .dispatcher({
        fetch: pinnedFetch(rebound),
        random: () => 1,
        allowlist: parseAllowlist([]),
        log: () => undefined,
      })
      .drain()
    expect(lookups).toContain('hooks.quayside.invalid')
    expect(loopback.received).toEqual([])
    const listed = (await service.get('/v2/webhook_notifications?page[size]=100')).body.data
    const mine = listed.filter(
      (n: { relationships: { webhook: { data: { id: string } } } }) =>
        n.relationships.webhook.data.id === saved.body.data.id,
    )
    expect(mine).toHaveLength(1)
    const log = (
      await service.get(`/v2/webhook_notifications/${mine[0].id}?include=webhook_notification_logs`)
    ).body.included[0]
    expect(log.attributes).toMatchObject({
      status_code: null,
      error: expect.stringMatching(
        /hooks\.quayside\.invalid points to .+ \(127\.0\.0\.1\); webhooks must reach a public address/,
      ),
    })
  })
})

describe.each(DATABASE_KINDS)('a permitted test delivery on %s', (kind) => {
  let service: Service
  let receiver: Awaited<ReturnType<typeof startInternalService>>
  beforeAll(async () => {
    service = await startService(kind, { shipments: 2, webhookAllowlist: ['127.0.0.0/8'] })
    receiver = await startInternalService('127.0.0.1')
  })
  afterAll(async () => {
    await receiver?.stop()
    await service?.stop()
  })

  it("shows the receiver's status and timing, never its body or headers", async () => {
    const response = await service.call('POST', '/v2/webhooks/trigger', {
      body: trigger(receiver.url('/test')),
    })
    expect(response.status).toBe(200)
    const result = parsed(WebhookTriggerResultSchema, response.body)
    expect(result).toMatchObject({
      succeeded: true,
      status_code: 200,
      response_body: null,
      response_headers: null,
    })
    expect(result.duration_ms).toEqual(expect.any(Number))
    expect(JSON.stringify(response.body)).not.toContain(SECRET)
    expect(receiver.received).toHaveLength(1)
  })
})
