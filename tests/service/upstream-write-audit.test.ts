import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenBucket } from '../../src/server/upstream/token-bucket'
import { upstreamClient } from '../../src/server/upstream/upstream-client'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, NOW, type Service, startService } from './harness'
import { invitedPerson } from './people-browser'

/** A Terminal49 that keeps parties: what it answers is what the mirror applies. */
function partyUpstream(asked: string[]) {
  const parties = new Map<string, Record<string, unknown>>()
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    asked.push(`${init?.method} ${url.pathname}`)
    if (!url.pathname.startsWith('/v2/parties'))
      return new Response(
        JSON.stringify({ errors: [{ status: '422', detail: 'Not kept by this upstream' }] }),
        {
          status: 422,
          headers: { 'content-type': 'application/vnd.api+json' },
        },
      )
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const id = url.pathname.split('/')[3] ?? randomUUID()
    const attributes = { ...(parties.get(id) ?? {}), ...body?.data?.attributes }
    parties.set(id, attributes)
    return new Response(JSON.stringify({ data: { id, type: 'party', attributes } }), {
      status: init?.method === 'POST' ? 201 : 200,
      headers: { 'content-type': 'application/vnd.api+json', date: NOW.toUTCString() },
    })
  }
  return upstreamClient({
    baseUrl: 'http://upstream.test/v2',
    apiKey: 'upstream-key',
    fetch,
    bucket: tokenBucket({ perMinute: 6000, now: () => Date.now(), sleep: async () => {} }),
    now: () => NOW,
    sleep: async () => {},
  })
}

describe.each(DATABASE_KINDS)('writes passed through to Terminal49 are audited (%s)', (kind) => {
  let service: Service
  let accountId = ''
  const asked: string[] = []
  beforeAll(async () => {
    const client = partyUpstream(asked)
    service = await startService(kind, {
      shipments: 1,
      gateway: true,
      upstream: { clientFor: (account) => (account === accountId ? client : undefined) },
    })
    accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
  })
  afterAll(() => service?.stop())

  it('records a party made and renamed upstream, before from the mirror and after as applied', async () => {
    const party = (company_name: string) =>
      JSON.stringify({ data: { type: 'party', attributes: { company_name } } })
    const made = await service.call('POST', '/v2/parties', { body: party('Upstream Freight') })
    expect(made.status).toBe(201)
    const id = made.body.data.id
    const renamed = await service.call('PATCH', `/v2/parties/${id}`, { body: party('Upstream Freight Co') })
    expect(renamed.status).toBe(200)
    const events = await service.get(`/v2/audit_events?filter[target_type]=party&filter[target_id]=${id}`)
    expect(events.body.data.map((e: { attributes: unknown }) => e.attributes)).toMatchObject([
      {
        action: 'party.updated',
        actor_kind: 'key',
        before: { company_name: 'Upstream Freight' },
        after: { company_name: 'Upstream Freight Co' },
      },
      { action: 'party.created', before: null, after: { company_name: 'Upstream Freight' } },
    ])
  })

  it("passes an operator's custom field value on, as the value routes allow an operator", async () => {
    const operator = await invitedPerson(service, 'operator')
    const value = await operator.browser.send('POST', '/v2/custom_fields', {
      data: { type: 'custom_field', attributes: { value: 'X-1' } },
    })
    expect(asked).toContain('POST /v2/custom_fields')
    expect(value.status).toBe(422)
    const viewer = await invitedPerson(service, 'viewer')
    const refused = await viewer.browser.send('POST', '/v2/custom_fields', {
      data: { type: 'custom_field', attributes: { value: 'X-2' } },
    })
    expect(refused.status).toBe(403)
  })
})
