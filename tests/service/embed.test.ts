import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMBED_ATTRIBUTES } from '../../src/contract/embed-tokens'
import { hashEmbedToken } from '../../src/server/storage/embed-token-store'
import { embedTokens } from '../../src/server/storage/schema'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, READ_KEY, type Service, startService } from './harness'

const SITE = 'http://127.0.0.1:4265'
const EVIL = 'http://127.0.0.1:4266'
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString()

type Shipment = {
  id: string
  attributes: { tags: string[]; bill_of_lading_number: string }
  relationships: { customer: { data: { id: string } | null }; containers: { data: { id: string }[] } }
}

const tokenBody = (attributes: Record<string, unknown>) =>
  JSON.stringify({
    data: {
      type: 'embed_token',
      attributes: { name: 'Portal', allowed_origins: [SITE], expires_at: inAYear(), ...attributes },
    },
  })

describe.each(DATABASE_KINDS)('embed tokens and the embed API (%s)', (kind) => {
  let service: Service
  let shipments: Shipment[]
  let otherShipment: Shipment
  const tokens: Record<string, { token: string; id: string; expected: Set<string>; number?: string }> = {}

  const create = async (attributes: Record<string, unknown>, key?: string) =>
    service.call('POST', '/v2/embed_tokens', { body: tokenBody(attributes), key })
  const embed = (path: string, token: string, origin: string | null = SITE) =>
    service.call('GET', path, {
      key: null,
      headers: { Authorization: `Bearer ${token}`, ...(origin ? { Origin: origin } : {}) },
    })

  beforeAll(async () => {
    service = await startService(kind, { gateway: true })
    shipments = (await service.get('/v2/shipments?page[size]=100')).body.data
    otherShipment = (await service.get('/v2/shipments?page[size]=1', OTHER_KEY)).body.data[0]
    const customer = shipments[0].relationships.customer.data!.id
    const tag = shipments.find((s) => s.attributes.tags.length > 0)!.attributes.tags[0]
    const listed = [shipments[1].id, shipments[2].id]
    const scopes = {
      shipments: { scope: { kind: 'shipments', shipment_ids: listed }, expected: listed },
      customer: {
        scope: { kind: 'customer', customer_id: customer },
        expected: shipments.filter((s) => s.relationships.customer.data?.id === customer).map((s) => s.id),
      },
      tag: {
        scope: { kind: 'tag', tag },
        expected: shipments.filter((s) => s.attributes.tags.includes(tag)).map((s) => s.id),
      },
      track_by_number: { scope: { kind: 'track_by_number' }, expected: [shipments[3].id] },
    }
    for (const [name, { scope, expected }] of Object.entries(scopes)) {
      const response = await create({ scope, fields: ['timeline'] })
      expect(response.status).toBe(201)
      tokens[name] = {
        token: response.body.data.attributes.token,
        id: response.body.data.id,
        expected: new Set(expected),
        number: name === 'track_by_number' ? shipments[3].attributes.bill_of_lading_number : undefined,
      }
    }
  }, 120_000)
  afterAll(() => service?.stop())

  it('shows the token once and keeps only its hash and prefix', async () => {
    const { token, id } = tokens.shipments
    expect(token).toMatch(/^qse_/)
    const shown = await service.get(`/v2/embed_tokens/${id}`)
    expect(shown.status).toBe(200)
    expect(shown.body.data.attributes.token).toBeUndefined()
    expect(token.startsWith(shown.body.data.attributes.token_prefix)).toBe(true)
    expect(JSON.stringify((await service.get('/v2/embed_tokens')).body)).not.toContain(token)
    const [row] = await service.storage.db.select().from(embedTokens).where(eq(embedTokens.id, id))
    expect(row.token_hash).toBe(hashEmbedToken(token))
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it('refuses to create a token with a read-only key, and a scope naming another account’s shipment', async () => {
    expect((await create({ scope: { kind: 'track_by_number' } }, READ_KEY)).status).toBe(403)
    const foreign = await create({ scope: { kind: 'shipments', shipment_ids: [otherShipment.id] } })
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors[0].source.pointer).toBe('/data/attributes/scope/shipment_ids/0')
    const stray = await create({ scope: { kind: 'tag', tag: 'x', customer_id: otherShipment.id } })
    expect(stray.status).toBe(422)
    expect(stray.body.errors[0].source.pointer).toBe('/data/attributes/scope/customer_id')
    const origin = await create({
      scope: { kind: 'track_by_number' },
      allowed_origins: ['https://x.example/path'],
    })
    expect(origin.status).toBe(422)
    expect(origin.body.errors[0].source.pointer).toBe('/data/attributes/allowed_origins/0')
    const past = await create({ scope: { kind: 'track_by_number' }, expires_at: '2020-01-01T00:00:00Z' })
    expect(past.status).toBe(422)
    expect(past.body.errors[0].source.pointer).toBe('/data/attributes/expires_at')
  })

  it('refuses with 422 at its index an origin of the right shape that no URL parser takes', async () => {
    // each looks like an origin, but no URL parser takes it
    for (const bad of ['http://portal.example:70000', 'http://[:::]', 'http://999.1.1.1']) {
      const unparsable = await create({ scope: { kind: 'track_by_number' }, allowed_origins: [SITE, bad] })
      expect(unparsable.status, bad).toBe(422)
      expect(unparsable.body.errors).toEqual([
        expect.objectContaining({
          source: { pointer: '/data/attributes/allowed_origins/1' },
          detail: expect.stringContaining('Expected an origin such as https://portal.example.com'),
        }),
      ])
    }
  })

  it('lists exactly the scoped shipments for every scope, with CORS for the listed origin', async () => {
    for (const [name, { token, expected, number }] of Object.entries(tokens)) {
      const query = number ? `?filter[number]=${number}&page[size]=25` : '?page[size]=25'
      const response = await embed(`/embed/v1/shipments${query}`, token)
      expect(response.status, name).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
      const ids = new Set<string>(response.body.data.map((s: { id: string }) => s.id))
      for (const id of ids) expect(expected.has(id), name).toBe(true)
      if (expected.size <= 25) expect(ids, name).toEqual(expected)
      expect(response.body.meta.total).toBe(expected.size)
    }
  })

  it('answers 404 for every shipment and container outside the scope, including another account’s', async () => {
    const otherContainer = otherShipment.relationships.containers.data[0].id
    for (const [name, { token, expected, number }] of Object.entries(tokens)) {
      const suffix = number ? `?number=${number}` : ''
      const outside = shipments.find((s) => !expected.has(s.id))!
      for (const target of [outside, otherShipment]) {
        const container = target.relationships.containers.data[0]?.id ?? otherContainer
        expect((await embed(`/embed/v1/shipments/${target.id}${suffix}`, token)).status, name).toBe(404)
        expect((await embed(`/embed/v1/containers/${container}${suffix}`, token)).status, name).toBe(404)
      }
      const inside = shipments.find((s) => expected.has(s.id))!
      const shown = await embed(`/embed/v1/shipments/${inside.id}${suffix}`, token)
      expect(shown.status, name).toBe(200)
      const containerId = shown.body.data.relationships.containers.data[0].id
      expect((await embed(`/embed/v1/containers/${containerId}${suffix}`, token)).status, name).toBe(200)
      expect(JSON.stringify(shown.body)).not.toContain(otherShipment.id)
    }
  })

  it('asks a track-by-number token for a number and finds nothing for a number not tracked', async () => {
    const { token } = tokens.track_by_number
    const bare = await embed('/embed/v1/shipments', token)
    expect(bare.status).toBe(400)
    expect(bare.body.errors[0].source.parameter).toBe('filter[number]')
    const none = await embed('/embed/v1/shipments?filter[number]=NOTTRACKED123', token)
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual([])
    const other = await embed(
      `/embed/v1/shipments?filter[number]=${otherShipment.attributes.bill_of_lading_number}`,
      token,
    )
    expect(other.body.data).toEqual([])
  })

  it('leaves out every field the token does not share, not just empties it', async () => {
    const response = await create({
      scope: { kind: 'shipments', shipment_ids: [shipments[0].id] },
      fields: [],
    })
    const token = response.body.data.attributes.token
    const listed = await embed('/embed/v1/shipments', token)
    const shipment = listed.body.data[0]
    expect(Object.keys(shipment.attributes).sort()).toEqual([...EMBED_ATTRIBUTES.base.shipment].sort())
    const containers = listed.body.included.filter((r: { type: string }) => r.type === 'container')
    expect(containers.length).toBeGreaterThan(0)
    for (const container of containers) {
      expect(container.attributes).not.toHaveProperty('fees_at_pod_terminal')
      expect(container.attributes).not.toHaveProperty('holds_at_pod_terminal')
      expect(container.attributes).not.toHaveProperty('pickup_lfd')
      expect(container.links).toBeUndefined()
    }
    expect(JSON.stringify(listed.body)).not.toMatch(
      /fees_at_pod_terminal|customer_name|transport_event|\/v2\//,
    )
    const withFees = await create({
      scope: { kind: 'shipments', shipment_ids: [shipments[0].id] },
      fields: ['fees'],
    })
    const fees = await embed('/embed/v1/shipments', withFees.body.data.attributes.token)
    expect(
      fees.body.included.find((r: { type: string }) => r.type === 'container').attributes,
    ).toHaveProperty('fees_at_pod_terminal')
  })

  it('refuses an origin the token does not list, letting it read only the refusal', async () => {
    const refused = await embed('/embed/v1/shipments', tokens.shipments.token, EVIL)
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].code).toBe('origin_not_allowed')
    expect(refused.body.data).toBeUndefined()
    const crossSite = await service.call('GET', '/embed/v1/shipments', {
      key: null,
      headers: { Authorization: `Bearer ${tokens.shipments.token}`, 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
  })

  it('counts each use and stops a revoked token at once', async () => {
    const created = await create({ scope: { kind: 'shipments', shipment_ids: [shipments[0].id] } })
    const { id } = created.body.data
    const { token } = created.body.data.attributes
    expect((await embed('/embed/v1/shipments', token)).status).toBe(200)
    expect((await embed('/embed/v1/shipments', token)).status).toBe(200)
    const counted = await service.call('GET', `/v2/embed_tokens/${id}`, {
      headers: { 'Cache-Control': 'no-cache' },
    })
    expect(counted.body.data.attributes.use_count).toBe(2)
    expect(counted.body.data.attributes.last_used_at).not.toBeNull()
    const revoked = await service.call('POST', `/v2/embed_tokens/${id}/revoke`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.attributes.revoked_at).not.toBeNull()
    const after = await embed('/embed/v1/shipments', token)
    expect(after.status).toBe(401)
    expect(after.body.errors[0].code).toBe('token_revoked')
    expect(after.headers.get('access-control-allow-origin')).toBe(SITE)
  })

  it('keeps another account from seeing or revoking the tokens', async () => {
    const { id } = tokens.shipments
    expect((await service.get(`/v2/embed_tokens/${id}`, OTHER_KEY)).status).toBe(404)
    expect((await service.call('POST', `/v2/embed_tokens/${id}/revoke`, { key: OTHER_KEY })).status).toBe(404)
    const listed = await service.get('/v2/embed_tokens', OTHER_KEY)
    expect(listed.body.data).toEqual([])
  })

  it('lets only the token’s origins frame its iframe page, and no one frame a page for an unknown token', async () => {
    const framed = await service.call(
      'GET',
      `/embed/frame?token=${tokens.customer.token}&view=timeline&locale=es`,
      {
        key: null,
      },
    )
    expect(framed.status).toBe(200)
    expect(framed.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`)
    expect(framed.headers.get('x-frame-options')).toBeNull()
    const page = await (
      await fetch(`${service.baseUrl}/embed/frame?token=${tokens.customer.token}&view=%22%3E%3Cscript%3E`)
    ).text()
    expect(page).toContain(`data-origins="${SITE}"`)
    expect(page).not.toContain('<script>')
    const unknown = await service.call('GET', '/embed/frame?token=qse_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', {
      key: null,
    })
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(unknown.headers.get('x-frame-options')).toBe('DENY')
  })

  it('answers hostile requests to the embed API with an error envelope, never a 5xx', async () => {
    const { token } = tokens.customer
    for (const path of [
      '/embed/v1/shipments/not-a-uuid',
      '/embed/v1/containers/%00%01',
      '/embed/v1/shipments?page[size]=-1',
      '/embed/v1/shipments?page[number]=99999999999',
      `/embed/v1/shipments?filter[number]=${'A'.repeat(5000)}`,
      '/embed/v1/shipments?filter[number]=%00%1F',
      '/embed/v1/shipments?filter[number]=a&filter[number]=b',
      '/embed/v1/nothing-here',
    ]) {
      const response = await embed(path, token)
      expect(response.status, path).toBeLessThan(500)
      if (response.status >= 400) expect(response.body.errors[0].status, path).toBe(String(response.status))
    }
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT']) {
      const response = await service.call(method, '/embed/v1/shipments', {
        key: null,
        headers: { Authorization: `Bearer ${token}`, Origin: SITE },
        body: '{}',
      })
      expect(response.status, method).toBeGreaterThanOrEqual(400)
      expect(response.status, method).toBeLessThan(500)
    }
    const forged = await service.call('GET', '/embed/v1/shipments', {
      key: null,
      headers: { Authorization: `Bearer ${token}!` },
    })
    expect(forged.status).toBe(401)
  })

  it('refuses a missing or unknown token readably from any site, and answers a preflight', async () => {
    const missing = await service.call('GET', '/embed/v1/shipments', { key: null, headers: { Origin: SITE } })
    expect(missing.status).toBe(401)
    expect(missing.body.errors[0].code).toBe('token_missing')
    // without CORS on the refusal the widget could only say "network"
    expect(missing.headers.get('access-control-allow-origin')).toBe(SITE)
    const unknown = await embed('/embed/v1/shipments', 'qse_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(401)
    expect(unknown.body.errors[0].code).toBe('token_unknown')
    expect(unknown.headers.get('access-control-allow-origin')).toBe(SITE)
    const preflight = await service.call('OPTIONS', '/embed/v1/shipments', {
      key: null,
      headers: { Origin: SITE, 'Access-Control-Request-Headers': 'authorization' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization')
  })
})
