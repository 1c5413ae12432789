import { describe, expect, it } from 'vitest'
import { createGateway } from './gateway'
import { createSessionStore } from './sessions'

function gatewayRecording() {
  const seen: Request[] = []
  const app = createGateway({
    service: async (request) => {
      seen.push(request)
      const status = request.headers.get('authorization') === 'Token good' ? 200 : 401
      return new Response('{}', { status, headers: { 'Content-Type': 'application/vnd.api+json' } })
    },
    sessions: createSessionStore(),
    security: { limits: { authFailuresPerMinute: 2, sessionStartsPerMinute: 10 } },
  })
  return { app, seen }
}

describe('a /v2 call that carries its own token', () => {
  it('reaches the service as the request that came in, with no copy of its headers made', async () => {
    const { app, seen } = gatewayRecording()
    const request = new Request('http://127.0.0.1/v2/shipments', { headers: { Authorization: 'Token good' } })
    expect((await app.fetch(request)).status).toBe(200)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBe(request)
  })

  it('still counts its failed sign-ins and refuses the address over the limit', async () => {
    const { app, seen } = gatewayRecording()
    const call = () =>
      app.request('/v2/shipments', {
        headers: { Authorization: 'Token bad', 'X-Forwarded-For': '203.0.113.9' },
      })
    expect((await call()).status).toBe(401)
    expect((await call()).status).toBe(401)
    expect((await call()).status).toBe(429)
    expect(seen).toHaveLength(2)
  })
})

describe('a read', () => {
  it('leaves its body unread at the gateway, so no full Request is built for it', async () => {
    let bodyReads = 0
    class Watched extends Request {
      override get body() {
        bodyReads++
        return super.body
      }
    }
    const { app, seen } = gatewayRecording()
    const request = new Watched('http://127.0.0.1/v2/shipments', { headers: { Authorization: 'Token good' } })
    expect((await app.fetch(request)).status).toBe(200)
    expect(seen[0]).toBe(request)
    expect(bodyReads).toBe(0)
  })

  it('still has a write body counted against the limit', async () => {
    const { app } = gatewayRecording()
    const response = await app.request('/v2/shipments', {
      method: 'POST',
      headers: { Authorization: 'Token good', 'Content-Type': 'application/vnd.api+json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(response.status).toBe(413)
  })
})
