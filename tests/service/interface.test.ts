import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerMapSchema, ContainerRouteDocumentSchema } from '../../src/contract/container-route'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { DocumentDocumentSchema, DocumentListDocumentSchema } from '../../src/contract/documents'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds'
import { RawEventListDocumentSchema } from '../../src/contract/raw-events'
import { ShipmentDocumentSchema } from '../../src/contract/shipments'
import { TrackingRequestDocumentSchema } from '../../src/contract/tracking-requests'
import { WebhookDocumentSchema } from '../../src/contract/webhooks'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, parsed, type Service, startService } from './harness'

const data = (type: string, attributes: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data: { type, attributes, ...extra } })
const firstError = (body: unknown) => parsed(ErrorDocumentSchema, body).errors[0]

describe.each(DATABASE_KINDS)('the rest of the Terminal49 interface on %s', (kind) => {
  let service: Service
  let shipmentId: string
  let containerId: string
  const upload = (form: FormData) =>
    fetch(`${service.baseUrl}/v2/documents`, {
      method: 'POST',
      headers: { Authorization: `Token ${KEY}` },
      body: form,
    }).then(async (r) => ({ status: r.status, body: await r.json() }))
  const pdf = (name: string, text: string) => {
    const form = new FormData()
    form.set('name', name)
    form.set('file', new Blob([`%PDF-1.4 ${text}`], { type: 'application/pdf' }), `${name}.pdf`)
    return form
  }

  beforeAll(async () => {
    service = await startService(kind, { readDocuments: true, webhookIps: ['203.0.113.7', '203.0.113.8'] })
    shipmentId = (await service.get('/v2/shipments?page[size]=1')).body.data[0].id
    containerId = (await service.get('/v2/containers?page[size]=1')).body.data[0].id
  })
  afterAll(() => service?.stop())

  it('builds every link from the public URL, whatever Host the request names', async () => {
    const response = await service.call('GET', '/v2/shipments?page[size]=2', {
      headers: { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' },
    })
    const links = Object.values(response.body.links as Record<string, string>)
    expect(links.length).toBeGreaterThan(3)
    for (const link of links) expect(link.startsWith(`${service.baseUrl}/v2/shipments?`)).toBe(true)
    expect(response.body.data[0].links.self).toBe(
      `${service.baseUrl}/v2/shipments/${response.body.data[0].id}`,
    )
  })

  it('numbers a container’s raw events 0..n-1 with no gaps', async () => {
    const containers = (await service.get('/v2/containers?page[size]=20')).body.data as { id: string }[]
    for (const container of containers) {
      const events = parsed(
        RawEventListDocumentSchema,
        (await service.get(`/v2/containers/${container.id}/raw_events`)).body,
      ).data
      expect(events.map((e) => e.attributes.index)).toEqual(events.map((_, i) => i))
      for (const event of events) expect(event.attributes.data_source).toBe('shipping_line')
    }
  })

  it('stops tracking with the reason the reference spells, cancelled_by_user', async () => {
    const stopped = await service.call('PATCH', `/v2/shipments/${shipmentId}/stop_tracking`)
    expect(parsed(ShipmentDocumentSchema, stopped.body).data.attributes.line_tracking_stopped_reason).toBe(
      'cancelled_by_user',
    )
    await service.call('PATCH', `/v2/shipments/${shipmentId}/resume_tracking`)
  })

  it('refreshes a container through the carrier adapter at most once a minute, then says when to try', async () => {
    const first = await service.call('PATCH', `/v2/containers/${containerId}/refresh`)
    expect(first.status).toBe(200)
    expect(first.body.message).toMatch(/^Started refresh for Shipping line, Terminal/)
    const again = await service.call('PATCH', `/v2/containers/${containerId}/refresh`)
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(firstError(again.body)).toMatchObject({ status: '429', code: 'refresh_limited' })
    service.advance(61_000)
    expect((await service.call('PATCH', `/v2/containers/${containerId}/refresh`)).status).toBe(200)
  })

  it('draws a container’s route and map from its voyage: ports in order, tracks and legs', async () => {
    const route = parsed(
      ContainerRouteDocumentSchema,
      (await service.get(`/v2/containers/${containerId}/route`)).body,
    ).data.attributes
    expect(route.ports[0].label).toBe('POL')
    expect(route.ports.at(-1)?.label).toBe('POD')
    expect(route.legs).toHaveLength(route.ports.length - 1)
    const map = parsed(
      ContainerMapSchema,
      (await service.get(`/v2/containers/${containerId}/map_geojson`)).body,
    )
    const ports = map.features.filter((f) => f.properties.feature_type === 'port')
    expect(ports).toHaveLength(route.ports.length)
    for (const feature of map.features)
      if (feature.geometry.type === 'LineString')
        expect(feature.geometry.coordinates.length).toBeGreaterThan(1)
  })

  it('edits a container’s reference numbers with data.id naming it, and refuses an unknown one', async () => {
    const edited = await service.call('PATCH', '/v2/containers', {
      body: data('container', { ref_numbers: ['PO-7', 'PO-7', 'PO-8'] }, { id: containerId }),
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data.attributes.ref_numbers).toEqual(['PO-7', 'PO-8'])
    const unknown = await service.call('PATCH', '/v2/containers', {
      body: data('container', { ref_numbers: [] }, { id: '00000000-0000-4000-8000-000000000009' }),
    })
    expect(unknown.status).toBe(404)
  })

  it('renames a customer everywhere it shows and refuses a name another customer has', async () => {
    const [first, second] = (await service.get('/v2/parties?page[size]=2')).body.data as { id: string }[]
    const renamed = await service.call('PATCH', `/v2/parties/${first.id}`, {
      body: data('party', { company_name: 'Renamed Imports LLC' }),
    })
    expect(renamed.body.data.attributes.company_name).toBe('Renamed Imports LLC')
    const clash = await service.call('PATCH', `/v2/parties/${second.id}`, {
      body: data('party', { company_name: 'renamed imports llc' }),
    })
    expect(clash.status).toBe(422)
    expect(firstError(clash.body).source).toEqual({ pointer: '/data/attributes/company_name' })
  })

  it('downloads a document named in Cyrillic and emoji, with an ASCII filename and the name itself in filename*', async () => {
    const created = await upload(pdf('Коносамент 🚢', `bill of lading ${kind} ${Date.now()}`))
    expect(created.status).toBe(201)
    const document = parsed(DocumentDocumentSchema, created.body).data
    const download = await fetch(document.links?.download as string, {
      headers: { Authorization: `Token ${KEY}` },
    })
    expect(download.status).toBe(200)
    const disposition = download.headers.get('content-disposition') as string
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''\S+$/)
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe('Коносамент 🚢.pdf')
  })

  it('keeps an uploaded document, refuses the same file twice naming the first, and deletes it softly', async () => {
    const created = await upload(pdf('Delivery order 1', 'delivery order one'))
    expect(created.status).toBe(201)
    const document = parsed(DocumentDocumentSchema, created.body).data
    expect(document.attributes).toMatchObject({
      name: 'Delivery order 1',
      source: 'api',
      file_content_type: 'application/pdf',
    })
    const bytes = await fetch(document.links?.download as string, {
      headers: { Authorization: `Token ${KEY}` },
    })
    expect(await bytes.text()).toBe('%PDF-1.4 delivery order one')
    const twice = await upload(pdf('Again', 'delivery order one'))
    expect(twice.status).toBe(409)
    expect(firstError(twice.body)).toMatchObject({
      code: 'duplicate_document',
      meta: { existing_document_id: document.id, existing_document_name: 'Delivery order 1' },
    })
    expect((await service.call('DELETE', `/v2/documents/${document.id}`)).status).toBe(204)
    expect((await service.get(`/v2/documents/${document.id}`)).status).toBe(404)
    const listed = parsed(
      DocumentListDocumentSchema,
      (await service.get('/v2/documents?page[size]=100')).body,
    )
    expect(listed.data.map((d) => d.id)).not.toContain(document.id)
  })

  it('tells a client that sends a reference to an upload to send the file itself', async () => {
    const json = await service.call('POST', '/v2/documents', {
      body: data('document', { name: 'x', attached_document: 'blob-1' }),
    })
    expect(json.status).toBe(422)
    expect(firstError(json.body).source).toEqual({ pointer: '/data/attributes/attached_document' })
    const empty = new FormData()
    empty.set('file', new Blob([], { type: 'application/pdf' }), 'empty.pdf')
    expect(firstError((await upload(empty)).body).source).toEqual({ pointer: '/file' })
    const program = new FormData()
    program.set('file', new Blob(['MZ'], { type: 'application/x-msdownload' }), 'run.exe')
    expect((await upload(program)).status).toBe(422)
  })

  it('queues a document to be read again, and refuses to turn a PDF', async () => {
    const documentId = (await service.get('/v2/documents?page[size]=1')).body.data[0].id
    for (const action of ['reextract', 'reclassify']) {
      const answer = await service.call('POST', `/v2/documents/${documentId}/${action}`)
      expect(answer.status).toBe(202)
      expect(answer.body).toEqual({ status: 'accepted' })
      const document = (await service.get(`/v2/documents/${documentId}`)).body.data
      expect(document.attributes.extraction_status).toBe('pending')
    }
    const rotatePdf = await service.call('POST', `/v2/documents/${documentId}/rotate`, {
      body: JSON.stringify({ degrees: 90 }),
    })
    expect(rotatePdf.status).toBe(422)
    const badTurn = await service.call('POST', `/v2/documents/${documentId}/rotate`, {
      body: JSON.stringify({ degrees: 45 }),
    })
    expect(firstError(badTurn.body)).toMatchObject({ status: '422', source: { pointer: '/degrees' } })
  })

  it('links a document again by the numbers read from it', async () => {
    const documentId = (await service.get('/v2/documents?filter[document_types]=arrival_notice&page[size]=1'))
      .body.data[0].id
    const before = (await service.get(`/v2/documents/${documentId}?include=shipments`)).body.data
      .relationships
    await service.call('PATCH', `/v2/documents/${documentId}`, {
      body: data('document', {}, { relationships: { shipments: { data: [] }, cargos: { data: [] } } }),
    })
    expect((await service.call('POST', `/v2/documents/${documentId}/relink`)).status).toBe(202)
    const after = (await service.get(`/v2/documents/${documentId}?include=shipments`)).body.data.relationships
    expect(after.shipments.data).toEqual(before.shipments.data)
    expect(after.cargos.data.length).toBeGreaterThan(0)
  })

  it('serves the schema of what is read from a document type, and no other', async () => {
    const schema = await service.get('/v2/document_schemas/bill_of_lading@1.0')
    expect(schema.body.data.attributes).toMatchObject({
      document_type: 'bill_of_lading',
      schema_format: 'json_schema',
    })
    expect(schema.body.data.attributes.schema_payload.properties).toHaveProperty('container_numbers')
    expect((await service.get('/v2/document_schemas/bill_of_lading@2099-01-01')).status).toBe(404)
    const types = await service.get('/v2/documents/types')
    expect(types.body.document_types).toContainEqual({ code: 'bill_of_lading', label: 'Bill of lading' })
  })

  it('subscribes a webhook made without events to every kind, lists its sending IPs and gives examples', async () => {
    const created = await service.call('POST', '/v2/webhooks', {
      body: data('webhook', { url: 'https://93.184.216.34/all' }),
    })
    expect(parsed(WebhookDocumentSchema, created.body).data.attributes.events).toEqual([
      ...WEBHOOK_EVENT_KINDS,
    ])
    expect((await service.get('/v2/webhooks/ips')).body.webhook_notification_ips).toEqual([
      '203.0.113.7',
      '203.0.113.8',
    ])
    const example = await service.get('/v2/webhook_notifications/examples?event=tracking_request.succeeded')
    expect(example.body.data).toMatchObject({
      type: 'webhook_notification',
      attributes: { event: 'tracking_request.succeeded' },
    })
    expect(example.body.included.map((r: { type: string }) => r.type)).toContain('tracking_request')
    const unknown = await service.get('/v2/webhook_notifications/examples?event=container.teleported')
    expect(firstError(unknown.body).source).toEqual({ parameter: 'event' })
  })

  it('answers an unknown sub-path as no such route, not as a record that is missing', async () => {
    for (const path of ['/v2/webhooks/ips/extra', '/v2/documents/types/x', '/v2/containers/x/y/z']) {
      const response = await service.get(path)
      expect(response.status).toBe(404)
      expect(firstError(response.body).detail).toBe(`There is no GET ${path}`)
    }
  })

  it('finds a metro area by UN/LOCODE and by id, and forecasts a vessel from where it last was', async () => {
    const byCode = await service.get('/v2/metro_areas/USLAX')
    expect(byCode.body.data).toMatchObject({ type: 'metro_area', attributes: { code: 'USLAX' } })
    expect((await service.get(`/v2/metro_areas/${byCode.body.data.id}`)).body.data.attributes.code).toBe(
      'USLAX',
    )
    const shipment = (await service.get(`/v2/shipments/${shipmentId}`)).body.data
    const forecast = await service.get(
      `/v2/vessels/${shipment.attributes.pod_vessel_imo}/future_positions?port_id=${shipment.attributes.port_of_discharge_locode}&previous_port_id=${shipment.attributes.port_of_lading_locode}`,
    )
    expect(forecast.status).toBe(200)
    expect(forecast.body.data.attributes.positions.length).toBeGreaterThan(0)
  })

  it('checks a definition’s own limits on every value', async () => {
    const created = await service.call('POST', '/v2/custom_field_definitions', {
      body: data('custom_field_definition', {
        entity_type: 'Shipment',
        api_slug: 'pallets',
        display_name: 'Pallets',
        data_type: 'number',
        validation: { min: 1, max: 40 },
        default_format: '0',
        default_value: 10,
      }),
    })
    expect(created.body.data.attributes).toMatchObject({ validation: { min: 1, max: 40 }, default_value: 10 })
    const tooMany = await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: data('custom_field', { api_slug: 'pallets', value: 41 }),
    })
    expect(tooMany.status).toBe(422)
    expect(firstError(tooMany.body).detail).toBe('Pallets is at most 40')
  })

  it('sets a custom field by its id through /custom_fields and answers its delete with 200', async () => {
    const set = await service.call('POST', '/v2/custom_fields', {
      body: data(
        'custom_field',
        { api_slug: 'broker', value: 'Livingston' },
        { relationships: { entity: { data: { type: 'shipment', id: shipmentId } } } },
      ),
    })
    expect(set.status).toBe(201)
    const id = set.body.data.id
    const patched = await service.call('PATCH', `/v2/custom_fields/${id}`, {
      body: data('custom_field', { value: 'Expeditors' }),
    })
    expect(patched.body.data.attributes.value).toBe('Expeditors')
    expect((await service.call('DELETE', `/v2/custom_fields/${id}`)).status).toBe(200)
    expect((await service.get(`/v2/custom_fields/${id}`)).status).toBe(404)
  })

  it('detects the line of a number after the request is made, and sets its initial custom fields', async () => {
    const engine = service.engine({ newId: () => crypto.randomUUID() })
    const created = await service.call('POST', '/v2/tracking_requests', {
      body: data('tracking_request', {
        request_type: 'container',
        request_number: 'MRKU3700927',
        auto_detect_vocc_scac: true,
        initial_custom_fields: {
          shipment: [{ api_slug: 'broker', value: 'Livingston' }],
          containers: [{ api_slug: 'needs_exam', value: true }],
        },
      }),
    })
    expect(created.status).toBe(201)
    const request = parsed(TrackingRequestDocumentSchema, created.body).data
    expect(request.attributes).toMatchObject({ status: 'pending', scac: null })
    service.advance(10 * 60_000)
    await engine.tick()
    const found = parsed(
      TrackingRequestDocumentSchema,
      (await service.get(`/v2/tracking_requests/${request.id}`)).body,
    ).data
    expect(found.attributes).toMatchObject({ status: 'created', scac: 'MAEU' })
    const shipment = found.relationships?.tracked_object?.data?.id as string
    const fields = (await service.get(`/v2/shipments/${shipment}/custom_fields`)).body.data
    expect(fields.map((f: { attributes: { value: unknown } }) => f.attributes.value)).toEqual(['Livingston'])
    const container = (await service.get(`/v2/shipments/${shipment}?include=containers`)).body.included[0].id
    const containerFields = (await service.get(`/v2/containers/${container}/custom_fields`)).body.data
    expect(containerFields[0].attributes.value).toBe(true)
  })

  it('takes the query parameters the reference names: document reference and sort, definition names, updated times, vessel tracks', async () => {
    const shipment = (await service.get(`/v2/shipments/${shipmentId}?include=containers`)).body
    const byBill = await service.get(
      `/v2/documents?filter[reference]=${shipment.data.attributes.bill_of_lading_number}&page[size]=100`,
    )
    const byContainer = await service.get(
      `/v2/documents?filter[reference]=${shipment.included[0].attributes.number}`,
    )
    expect(byBill.status).toBe(200)
    expect(byContainer.body.meta.total).toBe(byBill.body.meta.total)
    const nothing = await service.get('/v2/documents?filter[reference]=NOSUCHNUMBER')
    expect(nothing.body.data).toEqual([])
    const sorted = (await service.get('/v2/documents?sort=document_type&page[size]=100')).body.data.map(
      (d: { attributes: { document_type: string | null } }) => d.attributes.document_type ?? '~',
    )
    expect(sorted).toEqual([...sorted].sort())
    expect(firstError((await service.get('/v2/documents?sort=size')).body).source).toEqual({
      parameter: 'sort',
    })
    const named = await service.get('/v2/custom_field_definitions?filter[display_name]=customer%20po')
    expect(
      named.body.data.map((d: { attributes: { display_name: string } }) => d.attributes.display_name),
    ).toEqual(['Customer PO reference'])
    const future = await service.get('/v2/tracking_requests?filter[updated_at][start]=2099-01-01')
    expect(future.body.data).toEqual([])
    const vessel = await service.get(
      `/v2/vessels/${shipment.data.attributes.pod_vessel_imo}?show_positions[to_timestamp]=2030-01-01T00:00:00Z`,
    )
    expect(Array.isArray(vessel.body.data.attributes.positions)).toBe(true)
  })

  it('refuses a request without a line unless it asks for detection, and an initial field that does not exist', async () => {
    const noLine = await service.call('POST', '/v2/tracking_requests', {
      body: data('tracking_request', { request_type: 'bill_of_lading', request_number: 'MAEU123456789' }),
    })
    expect(firstError(noLine.body).source).toEqual({ pointer: '/data/attributes/scac' })
    const badField = await service.call('POST', '/v2/tracking_requests', {
      body: data('tracking_request', {
        request_type: 'bill_of_lading',
        request_number: 'MAEU123456780',
        scac: 'MAEU',
        initial_custom_fields: { containers: [{ api_slug: 'no_such_field', value: 1 }] },
      }),
    })
    expect(badField.status).toBe(422)
    expect(firstError(badField.body).source).toEqual({
      pointer: '/data/attributes/initial_custom_fields/containers/0/api_slug',
    })
  })
})
