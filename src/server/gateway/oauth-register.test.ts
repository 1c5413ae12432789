import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { renderError } from '../http/errors'
import type { GatewayEnv } from './client-facts'
import { oauthRegisterRoute } from './oauth-register'
import type { PeopleStore } from './people-store'

const registered: unknown[] = []
const store = {
  oauth: {
    registerClient: async (client: { id: string }) => {
      registered.push(client)
      return { ...client, created_at: new Date('2026-11-26T00:00:00Z') }
    },
  },
} as unknown as PeopleStore

function app(address = '203.0.113.7') {
  const gateway = new Hono<GatewayEnv>()
  gateway.onError((error, c) => renderError(error, c))
  gateway.use(async (c, next) => {
    c.set('client', { address, https: true })
    await next()
  })
  return gateway.route(
    '/',
    oauthRegisterRoute(store, () => new Date('2026-11-26T00:00:00Z'), 2),
  )
}

const register = (gateway: ReturnType<typeof app>, body: unknown) =>
  gateway.request('/oauth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('dynamic client registration', () => {
  it('registers a public client and limits registrations per address', async () => {
    const gateway = app()
    const client = { client_name: 'Assistant', redirect_uris: ['http://127.0.0.1:5/cb'] }
    const first = await register(gateway, client)
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      client_id: expect.stringMatching(/^qsc_/),
      client_name: 'Assistant',
      token_endpoint_auth_method: 'none',
    })
    expect((await register(gateway, client)).status).toBe(201)
    const third = await register(gateway, client)
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBeTruthy()
  })

  it('refuses a confidential client, a missing name and odd grant types (each app its own limit)', async () => {
    const uris = ['https://a.example/cb']
    for (const body of [
      { client_name: 'A', redirect_uris: uris, token_endpoint_auth_method: 'client_secret_basic' },
      { redirect_uris: uris },
      { client_name: 'A\u0000B', redirect_uris: uris },
    ]) {
      const answer = await register(app(), body)
      expect(answer.status).toBe(400)
      expect((await answer.json()).error).toBe('invalid_client_metadata')
    }
    const grants = await register(app(), {
      client_name: 'A',
      redirect_uris: uris,
      grant_types: ['client_credentials'],
    })
    expect((await grants.json()).error).toBe('invalid_client_metadata')
  })
})
