import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEventListDocumentSchema } from '../../src/contract/people'
import type { Caller } from '../../src/server/http/auth'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, parsed, type Service, startService } from './harness'

const data = (type: string, attributes: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data: { type, attributes, ...extra } })

describe.each(DATABASE_KINDS)('the audit trail on %s', (kind) => {
  let service: Service
  let caller: Caller
  let shipmentId = ''
  let containerId = ''

  beforeAll(async () => {
    service = await startService(kind, { shipments: 6, gateway: true })
    caller = (await service.storage.apiKeys.authenticate(KEY))!
    const shipments = await service.get('/v2/shipments?page[size]=1&include=containers')
    shipmentId = shipments.body.data[0].id
    containerId = shipments.body.data[0].relationships.containers.data[0].id
  }, 120_000)
  afterAll(() => service?.stop())

  const events = async (query: string) => {
    const response = await service.get(`/v2/audit_events?page[size]=100&${query}`)
    expect(response.status).toBe(200)
    return parsed(AuditEventListDocumentSchema, response.body).data
  }
  const eventsOf = (type: string, id: string) => events(`filter[target_type]=${type}&filter[target_id]=${id}`)
  const write = async (method: string, path: string, body?: string, status = 200) => {
    const response = await service.call(method, path, { body })
    expect(response.status, JSON.stringify(response.body)).toBe(status)
    return response.body
  }
  const byTheKey = () => ({
    actor_kind: 'key',
    actor_id: caller.keyId,
    actor_name: caller.actorName,
    via: 'api',
    address: '127.0.0.1',
  })

  it('records a shipment edit once, with only the fields that changed, by the key that made it', async () => {
    const before = (await service.get(`/v2/shipments/${shipmentId}`)).body.data.attributes
    await write('PATCH', `/v2/shipments/${shipmentId}`, data('shipment', { tags: ['audited'] }))
    const [event, ...others] = await eventsOf('shipment', shipmentId)
    expect(others).toEqual([])
    expect(event.attributes).toMatchObject({
      action: 'shipment.updated',
      ...byTheKey(),
      before: { tags: before.tags },
      after: { tags: ['audited'] },
    })
    // the same tags again change nothing, so nothing is recorded
    await write('PATCH', `/v2/shipments/${shipmentId}`, data('shipment', { tags: ['audited'] }))
    expect(await eventsOf('shipment', shipmentId)).toHaveLength(1)
  })

  it('records nothing for a change that fails, and rolls a change back with its record', async () => {
    const stale = await service.call('PATCH', `/v2/shipments/${shipmentId}`, {
      body: data('shipment', { tags: ['stale'] }),
      headers: { 'If-Match': '"0"' },
    })
    expect(stale.status).toBe(412)
    const invalid = await service.call('PATCH', `/v2/shipments/${shipmentId}`, {
      body: data('shipment', { tags: [5] }),
    })
    expect(invalid.status).toBe(422)
    // read from the table, as the answer to the same GET may be a cached one
    const stored = async () =>
      (
        await service.storage.auditEvents.list(
          caller.accountId,
          { target_type: 'shipment', target_id: shipmentId },
          { number: 1, size: 100 },
        )
      ).total
    const seen = await stored()

    // a failure after the change and its record were written, inside the same transaction
    const transaction = service.storage.transaction
    service.storage.transaction = (work) =>
      transaction(async (stores) => {
        await work(stores)
        throw new Error('forced failure after the write')
      })
    try {
      const failed = await service.call('PATCH', `/v2/shipments/${shipmentId}`, {
        body: data('shipment', { tags: ['rolled-back'] }),
      })
      expect(failed.status).toBe(500)
    } finally {
      service.storage.transaction = transaction
    }
    expect((await service.get(`/v2/shipments/${shipmentId}`)).body.data.attributes.tags).not.toContain(
      'rolled-back',
    )
    expect(await stored()).toBe(seen)
  })

  it('records tracking stopped and resumed', async () => {
    const id = (await service.get('/v2/shipments?page[size]=2')).body.data[1].id
    await write('PATCH', `/v2/shipments/${id}/stop_tracking`)
    await write('PATCH', `/v2/shipments/${id}/resume_tracking`)
    const recorded = await eventsOf('shipment', id)
    expect(recorded.map((event) => event.attributes.action)).toEqual([
      'shipment.tracking_resumed',
      'shipment.tracking_stopped',
    ])
    expect(recorded[1].attributes.after).toMatchObject({ line_tracking_stopped_reason: 'cancelled_by_user' })
  })

  it('records a custom field set and cleared on the shipment and the container it belongs to', async () => {
    const definition = { entity_type: 'Shipment', display_name: 'Audit note', data_type: 'short_text' }
    await write(
      'POST',
      '/v2/custom_field_definitions',
      data('custom_field_definition', { ...definition, api_slug: 'audit_note' }),
      201,
    )
    await write(
      'POST',
      `/v2/shipments/${shipmentId}/custom_fields`,
      data('custom_field', { api_slug: 'audit_note', value: 'Audit Brokers' }),
      201,
    )
    await write('DELETE', `/v2/shipments/${shipmentId}/custom_fields/audit_note`, undefined, 204)
    const fields = (await eventsOf('shipment', shipmentId)).filter((e) =>
      e.attributes.action?.startsWith('custom_field.'),
    )
    expect(fields.map((e) => [e.attributes.action, e.attributes.before, e.attributes.after])).toEqual([
      ['custom_field.cleared', { audit_note: 'Audit Brokers' }, { audit_note: null }],
      ['custom_field.set', { audit_note: null }, { audit_note: 'Audit Brokers' }],
    ])

    await write(
      'POST',
      '/v2/custom_field_definitions',
      data('custom_field_definition', { ...definition, entity_type: 'Container', api_slug: 'audit_seal' }),
      201,
    )
    await write(
      'POST',
      `/v2/containers/${containerId}/custom_fields`,
      data('custom_field', { api_slug: 'audit_seal', value: 'SEAL-1' }),
      201,
    )
    const [onContainer] = await eventsOf('container', containerId)
    expect(onContainer.attributes).toMatchObject({
      action: 'custom_field.set',
      before: { audit_seal: null },
      after: { audit_seal: 'SEAL-1' },
    })
  })

  it("records a container's reference numbers edited", async () => {
    await write(
      'PATCH',
      '/v2/containers',
      JSON.stringify({
        data: { type: 'container', id: containerId, attributes: { ref_numbers: ['AUDIT-C1'] } },
      }),
    )
    const [event] = (await eventsOf('container', containerId)).filter(
      (e) => e.attributes.action === 'container.updated',
    )
    expect(event.attributes).toMatchObject({ ...byTheKey(), after: { ref_numbers: ['AUDIT-C1'] } })
    expect(Object.keys(event.attributes.before ?? {})).toEqual(['ref_numbers'])
  })

  it('records a custom field definition made, renamed and deleted', async () => {
    const made = await write(
      'POST',
      '/v2/custom_field_definitions',
      data('custom_field_definition', {
        entity_type: 'Shipment',
        api_slug: 'audit_lane',
        display_name: 'Lane',
        data_type: 'short_text',
      }),
      201,
    )
    const id = made.data.id
    await write(
      'PATCH',
      `/v2/custom_field_definitions/${id}`,
      data('custom_field_definition', { display_name: 'Trade lane' }),
    )
    await write('DELETE', `/v2/custom_field_definitions/${id}`)
    const recorded = await eventsOf('custom_field_definition', id)
    expect(recorded.map((e) => [e.attributes.action, e.attributes.before, e.attributes.after])).toEqual([
      ['custom_field_definition.deleted', expect.objectContaining({ display_name: 'Trade lane' }), null],
      ['custom_field_definition.updated', { display_name: 'Lane' }, { display_name: 'Trade lane' }],
      ['custom_field_definition.created', null, expect.objectContaining({ api_slug: 'audit_lane' })],
    ])
  })

  it('records an option added, relabelled and deleted, and each value that lost it', async () => {
    const made = await write(
      'POST',
      '/v2/custom_field_definitions',
      data('custom_field_definition', {
        entity_type: 'Shipment',
        api_slug: 'audit_priority',
        display_name: 'Priority',
        data_type: 'enum',
      }),
      201,
    )
    const definition = made.data.id
    const options = `/v2/custom_field_definitions/${definition}/options`
    const option = await write(
      'POST',
      options,
      data('custom_field_option', { label: 'Hot', value: 'hot' }),
      201,
    )
    await write('PATCH', `${options}/${option.data.id}`, data('custom_field_option', { label: 'Very hot' }))
    await write(
      'POST',
      `/v2/shipments/${shipmentId}/custom_fields`,
      data('custom_field', { api_slug: 'audit_priority', value: 'hot' }),
      201,
    )
    await write('DELETE', `${options}/${option.data.id}`)
    const recorded = await eventsOf('custom_field_definition', definition)
    expect(recorded.map((e) => [e.attributes.action, e.attributes.before, e.attributes.after])).toEqual([
      ['custom_field_option.deleted', { value: 'hot', label: 'Very hot' }, null],
      ['custom_field_option.updated', { label: 'Hot' }, { label: 'Very hot' }],
      ['custom_field_option.created', null, { value: 'hot', label: 'Hot' }],
      ['custom_field_definition.created', null, expect.objectContaining({ api_slug: 'audit_priority' })],
    ])
    const [lost] = await eventsOf('shipment', shipmentId)
    expect(lost.attributes).toMatchObject({
      action: 'custom_field.cleared',
      before: { audit_priority: 'Very hot' },
      after: { audit_priority: null },
    })
  })

  it('records a webhook made, edited, its secret rotated and deleted, never with the secret', async () => {
    const made = await write(
      'POST',
      '/v2/webhooks',
      data('webhook', {
        url: 'https://93.184.216.34/hooks',
        events: ['tracking_request.failed'],
        headers: [{ name: 'Authorization', value: 'Bearer receiver-secret' }],
      }),
      201,
    )
    const id = made.data.id
    await write('PATCH', `/v2/webhooks/${id}`, data('webhook', { active: false }))
    const rotated = await write('POST', `/v2/webhooks/${id}/rotate_secret`)
    await write('DELETE', `/v2/webhooks/${id}`)
    const recorded = await eventsOf('webhook', id)
    expect(recorded.map((e) => [e.attributes.action, e.attributes.before, e.attributes.after])).toEqual([
      [
        'webhook.deleted',
        expect.objectContaining({ url: 'https://93.184.216.34/hooks', active: false }),
        null,
      ],
      ['webhook.secret_rotated', null, { secret: 'rotated' }],
      ['webhook.updated', { active: true }, { active: false }],
      ['webhook.created', null, expect.objectContaining({ headers: ['Authorization'] })],
    ])
    const text = JSON.stringify(recorded)
    for (const secret of [made.data.attributes.secret, rotated.data.attributes.secret, 'receiver-secret'])
      expect(text).not.toContain(secret)
  })

  it('records an embed token made and revoked, never with the token', async () => {
    const made = await write(
      'POST',
      '/v2/embed_tokens',
      data('embed_token', {
        name: 'Audited portal',
        scope: { kind: 'track_by_number' },
        allowed_origins: ['https://portal.example.com'],
        expires_at: '2027-06-01T00:00:00Z',
      }),
      201,
    )
    await write('POST', `/v2/embed_tokens/${made.data.id}/revoke`)
    await write('POST', `/v2/embed_tokens/${made.data.id}/revoke`)
    const recorded = await eventsOf('embed_token', made.data.id)
    expect(recorded.map((e) => e.attributes.action)).toEqual(['embed_token.revoked', 'embed_token.created'])
    expect(recorded[1].attributes.after).toMatchObject({ name: 'Audited portal' })
    expect(JSON.stringify(recorded)).not.toContain(made.data.attributes.token)
  })

  it('records a tracking request made and its tags edited', async () => {
    const made = await write(
      'POST',
      '/v2/tracking_requests',
      data('tracking_request', { request_type: 'bill_of_lading', request_number: 'AUDIT0001', scac: 'MAEU' }),
      201,
    )
    await write(
      'PATCH',
      `/v2/tracking_requests/${made.data.id}`,
      data('tracking_request', { shipment_tags: ['t'] }),
    )
    const recorded = await eventsOf('tracking_request', made.data.id)
    expect(recorded.map((e) => [e.attributes.action, e.attributes.before, e.attributes.after])).toEqual([
      ['tracking_request.updated', { shipment_tags: [] }, { shipment_tags: ['t'] }],
      ['tracking_request.created', null, expect.objectContaining({ request_number: 'AUDIT0001' })],
    ])
  })

  it('records a document corrected, retyped and linked, and the link in the shipment history', async () => {
    const form = new FormData()
    form.set('file', new Blob([`%PDF-1.4 ${randomUUID()}`], { type: 'application/pdf' }), 'audit.pdf')
    const upload = await fetch(`${service.baseUrl}/v2/documents`, {
      method: 'POST',
      headers: { Authorization: `Token ${KEY}` },
      body: form,
    })
    expect(upload.status).toBe(201)
    const id = ((await upload.json()) as { data: { id: string } }).data.id
    await write(
      'PATCH',
      `/v2/documents/${id}`,
      data(
        'document',
        { document_type_manual: 'arrival_notice', corrections: { vessel_name: 'AUDIT STAR' } },
        { relationships: { shipments: { data: [{ type: 'shipment', id: shipmentId }] } } },
      ),
    )
    const [event, ...others] = await eventsOf('document', id)
    expect(others.map((e) => e.attributes.action)).toEqual(['document.uploaded'])
    expect(event.attributes).toMatchObject({
      action: 'document.updated',
      before: { document_type_manual: null, shipment_ids: [] },
      after: {
        document_type_manual: 'arrival_notice',
        corrections: expect.objectContaining({ vessel_name: 'AUDIT STAR' }),
        shipment_ids: [shipmentId],
      },
    })
    const [linked] = (await eventsOf('shipment', shipmentId)).filter(
      (e) => e.attributes.action === 'document.linked',
    )
    expect(linked.attributes.after).toEqual({ document: 'audit.pdf' })
    await write('DELETE', `/v2/documents/${id}`, undefined, 204)
    expect((await eventsOf('document', id)).map((e) => e.attributes.action)).toEqual([
      'document.deleted',
      'document.updated',
      'document.uploaded',
    ])
  })

  it('records a disconnection, never with the key', async () => {
    const accountId = randomUUID()
    await service.storage.upstreamConnections.create({
      accountId,
      ownerId: caller.accountId,
      companyName: 'Audited upstream',
      baseUrl: 'https://upstream.example.com/v2',
      apiKeySealed: 'v1.sealed.elsewhere.x',
    })
    await write('DELETE', `/v2/upstream_connections/${accountId}`, undefined, 204)
    const [event] = await eventsOf('upstream_connection', accountId)
    expect(event.attributes).toMatchObject({
      action: 'upstream_connection.disconnected',
      before: { base_url: 'https://upstream.example.com/v2' },
    })
    expect(JSON.stringify(event)).not.toContain('sealed')
  })

  it('ignores a forged address or via from outside, and knows a dashboard session', async () => {
    const forged = await service.call('PATCH', `/v2/shipments/${shipmentId}`, {
      body: data('shipment', { ref_numbers: ['FORGED'] }),
      headers: {
        'X-Forwarded-For': '203.0.113.9',
        'X-Real-IP': '203.0.113.9',
        'X-Quayside-Via': 'dashboard',
        'X-Quayside-Client': '{"via":"dashboard","address":"203.0.113.9"}',
      },
    })
    expect(forged.status).toBe(200)
    const [fromApi] = await eventsOf('shipment', shipmentId)
    expect(fromApi.attributes).toMatchObject({ after: { ref_numbers: ['FORGED'] }, ...byTheKey() })

    const signIn = await fetch(`${service.baseUrl}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: service.baseUrl },
      body: JSON.stringify({ apiKey: KEY }),
    })
    expect(signIn.status).toBe(200)
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]
    const viaSession = await service.call('PATCH', `/v2/shipments/${shipmentId}`, {
      key: null,
      body: data('shipment', { ref_numbers: ['SESSION'] }),
      headers: { cookie, Origin: service.baseUrl, 'X-Forwarded-For': '203.0.113.9' },
    })
    expect(viaSession.status).toBe(200)
    const [fromDashboard] = await eventsOf('shipment', shipmentId)
    expect(fromDashboard.attributes).toMatchObject({
      after: { ref_numbers: ['SESSION'] },
      via: 'dashboard',
      address: '127.0.0.1',
    })
  })

  it('filters by actor and time, pages newest first, and keeps to the account', async () => {
    const mine = await events(`filter[actor_id]=${caller.keyId}`)
    expect(mine.length).toBeGreaterThan(10)
    const times = mine.map((event) => event.attributes.occurred_at!)
    expect([...times].sort().reverse()).toEqual(times)
    expect(await events(`filter[actor_id]=${randomUUID()}`)).toEqual([])
    expect(await events('filter[occurred_at][gte]=2100-01-01T00:00:00Z')).toEqual([])
    expect(await events('filter[occurred_at][lte]=2000-01-01T00:00:00Z')).toEqual([])
    expect((await events('filter[occurred_at][gte]=2000-01-01T00:00:00Z')).length).toBe(mine.length)
    const firstPage = await service.get('/v2/audit_events?page[size]=2&page[number]=2')
    expect(firstPage.body.data.map((e: { id: string }) => e.id)).toEqual(mine.slice(2, 4).map((e) => e.id))
    expect(firstPage.body.meta).toMatchObject({ total: mine.length })
    const bad = await service.get('/v2/audit_events?filter[occurred_at][gte]=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source.parameter).toBe('filter[occurred_at][gte]')
    const theirs = await service.get('/v2/audit_events', OTHER_KEY)
    expect(theirs.status).toBe(200)
    expect(theirs.body.data).toEqual([])
  })

  it('refuses to change, delete or empty an event, even to raw SQL and with no route for it', async () => {
    const [event] = await events('')
    for (const statement of [
      sql`update audit_events set action = 'forged'`,
      sql`delete from audit_events where id = ${Number(event.id)}`,
      sql`truncate audit_events`,
    ]) {
      const refused = await service.storage.db.execute(statement).then(
        () => undefined,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      )
      expect(refused).toMatch(/audit events cannot be changed or deleted/)
    }
    expect((await events('')).map((e) => e.attributes.action)).toContain(event.attributes.action)
    for (const method of ['PATCH', 'DELETE'])
      expect((await service.call(method, `/v2/audit_events/${event.id}`)).status).toBe(404)
  })
})
