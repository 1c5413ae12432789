import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('shipments over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  const firstShipment = async () =>
    parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?page[size]=1')).body).data[0]

  it('lists newest first with pagination links and meta', async () => {
    const { status, headers, body } = await service.get('/v2/shipments?page[size]=10&page[number]=2')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/vnd.api+json')
    const document = parsed(ShipmentListDocumentSchema, body)
    expect(document.data).toHaveLength(10)
    expect(document.meta?.total).toBe(40)
    // absolute, as the real service's are: a client follows links.next as it is
    expect(document.links).toMatchObject({
      prev: `${service.baseUrl}/v2/shipments?page[number]=1&page[size]=10`,
      next: `${service.baseUrl}/v2/shipments?page[number]=3&page[size]=10`,
      last: `${service.baseUrl}/v2/shipments?page[number]=4&page[size]=10`,
    })
    const created = document.data.map((s) => s.attributes.created_at!)
    expect([...created].sort().reverse()).toEqual(created)
  })

  it('names the transshipment port as well as giving its code', async () => {
    const all = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=100')).body,
    ).data
    const transshipped = all.filter((s) => s.attributes.transshipment_locode)
    expect(transshipped.length).toBeGreaterThan(0)
    for (const shipment of transshipped) {
      expect(shipment.attributes.transshipment_name).toMatch(/\w/)
      expect(shipment.attributes.transshipment_name).not.toBe(shipment.attributes.transshipment_locode)
    }
  })

  it('cuts a page size above 100 to 100 and refuses a bad page number', async () => {
    const big = parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?page[size]=500')).body)
    expect(big.meta?.size).toBe(100)
    const bad = await service.get('/v2/shipments?page[number]=zero')
    expect(bad.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, bad.body).errors[0].source?.parameter).toBe('page[number]')
  })

  it('finds a shipment by bill of lading, container number and reference with q', async () => {
    const shipment = await firstShipment()
    const withContainers = parsed(
      ShipmentDocumentSchema,
      (await service.get(`/v2/shipments/${shipment.id}?include=containers`)).body,
    )
    const containerNumber = withContainers.included!.find((r) => r.type === 'container')!.attributes!
      .number as string
    for (const q of [
      shipment.attributes.bill_of_lading_number!,
      containerNumber,
      containerNumber.toLowerCase(),
    ]) {
      const found = parsed(ShipmentListDocumentSchema, (await service.get(`/v2/shipments?q=${q}`)).body)
      expect(found.data.map((s) => s.id)).toContain(shipment.id)
    }
    const none = parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?q=NOPE0000000')).body)
    expect(none.data).toEqual([])
  })

  it('filters by the tracking request number and by whether tracking stopped', async () => {
    const shipment = await firstShipment()
    const byNumber = parsed(
      ShipmentListDocumentSchema,
      (await service.get(`/v2/shipments?number=${shipment.attributes.bill_of_lading_number}`)).body,
    )
    expect(byNumber.data.map((s) => s.id)).toEqual([shipment.id])
    const stopped = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?filter[tracking_stopped]=true&page[size]=100')).body,
    )
    expect(stopped.data.every((s) => s.attributes.line_tracking_stopped_at)).toBe(true)
    const bad = await service.get('/v2/shipments?filter[tracking_stopped]=maybe')
    expect(bad.status).toBe(400)
  })

  it('sorts by ETA either way with shipments lacking an ETA last, and pages without overlap', async () => {
    const list = async (sort: string, page: number) =>
      parsed(
        ShipmentListDocumentSchema,
        (await service.get(`/v2/shipments?sort=${sort}&page[size]=20&page[number]=${page}`)).body,
      ).data
    const ascending = [...(await list('pod_eta_at', 1)), ...(await list('pod_eta_at', 2))]
    expect(ascending).toHaveLength(40)
    expect(new Set(ascending.map((s) => s.id)).size).toBe(40)
    const etas = ascending.map((s) => s.attributes.pod_eta_at)
    const known = etas.filter((eta): eta is string => Boolean(eta))
    expect(known.length).toBeGreaterThan(1)
    expect(known).toEqual([...known].sort())
    expect(etas.slice(known.length).every((eta) => !eta)).toBe(true)
    const descending = (await list('-pod_eta_at', 1)).map((s) => s.attributes.pod_eta_at)
    expect(descending[0]).toBe(known.at(-1))
  })

  it('sorts by carrier and refuses a field it cannot sort by, naming the parameter', async () => {
    const scacs = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?sort=-shipping_line_scac&page[size]=100')).body,
    ).data.map((s) => s.attributes.shipping_line_scac!)
    expect(scacs).toEqual([...scacs].sort().reverse())
    const bad = await service.get('/v2/shipments?sort=customer_secret')
    expect(bad.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, bad.body).errors[0].source?.parameter).toBe('sort')
  })

  it('includes containers and nested relationships, and refuses an unknown include', async () => {
    const shipment = await firstShipment()
    const { body } = await service.get(
      `/v2/shipments/${shipment.id}?include=containers.transport_events,port_of_discharge,pod_terminal`,
    )
    const document = parsed(ShipmentDocumentSchema, body)
    const types = new Set(document.included?.map((r) => r.type))
    expect(types).toContain('container')
    expect(types).toContain('port')
    expect(types).toContain('terminal')
    const unknown = await service.get(`/v2/shipments/${shipment.id}?include=containers.captain`)
    expect(unknown.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, unknown.body).errors[0].source?.parameter).toBe('include')
  })

  it("answers another account's shipment exactly like one that does not exist", async () => {
    const shipment = await firstShipment()
    const other = await service.get(`/v2/shipments/${shipment.id}`, OTHER_KEY)
    const missing = await service.get('/v2/shipments/00000000-0000-4000-8000-000000000000')
    expect(other.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(other.body.errors[0].title).toBe(missing.body.errors[0].title)
    const list = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=100', OTHER_KEY)).body,
    )
    expect(list.meta?.total).toBe(5)
    expect(list.data.map((s) => s.id)).not.toContain(shipment.id)
  })

  it('edits reference numbers and tags, and finds the shipment by its new reference', async () => {
    const shipment = await firstShipment()
    const body = JSON.stringify({
      data: { type: 'shipment', attributes: { ref_numbers: ['PO-NEW-1'], tags: ['urgent'] } },
    })
    const response = await service.call('PATCH', `/v2/shipments/${shipment.id}`, { body })
    expect(response.status).toBe(200)
    expect(parsed(ShipmentDocumentSchema, response.body).data.attributes).toMatchObject({
      ref_numbers: ['PO-NEW-1'],
      tags: ['urgent'],
    })
    const found = parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?q=po-new-1')).body)
    expect(found.data.map((s) => s.id)).toEqual([shipment.id])
  })

  it.each([
    ['malformed JSON', '{"data":', 400, undefined],
    ['a missing data', '{}', 422, '/data'],
    ['the wrong type', '{"data":{"type":"container","attributes":{}}}', 422, '/data/type'],
    [
      'an attribute that is not writable',
      '{"data":{"type":"shipment","attributes":{"bill_of_lading_number":"X"}}}',
      422,
      '/data/attributes/bill_of_lading_number',
    ],
    [
      'a tag that is not text',
      '{"data":{"type":"shipment","attributes":{"tags":[5]}}}',
      422,
      '/data/attributes/tags/0',
    ],
  ])('refuses %s in an edit with %i and a pointer', async (_, body, status, pointer) => {
    const shipment = await firstShipment()
    const response = await service.call('PATCH', `/v2/shipments/${shipment.id}`, { body })
    expect(response.status).toBe(status)
    const errors = parsed(ErrorDocumentSchema, response.body).errors
    if (pointer) expect(errors[0].source?.pointer).toBe(pointer)
  })

  it('stops and resumes tracking', async () => {
    const shipment = (
      await service
        .get('/v2/shipments?filter[tracking_stopped]=false&page[size]=1')
        .then((r) => parsed(ShipmentListDocumentSchema, r.body))
    ).data[0]
    const stopped = await service.call('PATCH', `/v2/shipments/${shipment.id}/stop_tracking`)
    expect(parsed(ShipmentDocumentSchema, stopped.body).data.attributes.line_tracking_stopped_at).toBe(
      '2026-11-22T12:00:00Z',
    )
    const resumed = await service.call('PATCH', `/v2/shipments/${shipment.id}/resume_tracking`)
    expect(parsed(ShipmentDocumentSchema, resumed.body).data.attributes.line_tracking_stopped_at).toBeNull()
  })

  it('needs a token, refuses an unknown one, and refuses writes with a read-only key', async () => {
    expect((await service.get('/v2/shipments', null)).status).toBe(401)
    const unknown = await service.get('/v2/shipments', 'not-a-real-key')
    expect(unknown.status).toBe(401)
    expect(parsed(ErrorDocumentSchema, unknown.body).errors[0].title).toBe('Unauthorized')
    expect((await service.get('/v2/shipments', READ_KEY)).status).toBe(200)
    const shipment = await firstShipment()
    const write = await service.call('PATCH', `/v2/shipments/${shipment.id}/stop_tracking`, { key: READ_KEY })
    expect(write.status).toBe(403)
  })

  it('answers an unknown route with a JSON 404', async () => {
    const response = await service.get('/v2/teleporters')
    expect(response.status).toBe(404)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].status).toBe('404')
  })
  // last: the server closes the connection on a body it refuses to read, which the client pool notices late
  it('refuses a body over 1 MB with 413', async () => {
    const shipment = await firstShipment()
    const body = JSON.stringify({ data: { type: 'shipment', attributes: { tags: ['x'.repeat(1_100_000)] } } })
    const response = await service.call('PATCH', `/v2/shipments/${shipment.id}`, { body })
    expect(response.status).toBe(413)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].status).toBe('413')
  })
})
