import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerDocumentSchema, ContainerListDocumentSchema } from '../../src/contract/containers'
import type { AnyResource } from '../../src/contract/document'
import { SearchResultListDocumentSchema } from '../../src/contract/search-results'
import { ShipmentDocumentSchema } from '../../src/contract/shipments'
import { TrackingRequestDocumentSchema } from '../../src/contract/tracking-requests'
import { readReference } from '../contract/reference'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

type Live = { data: AnyResource | AnyResource[]; included?: AnyResource[] }
const live = (file: string) => readReference(`live-responses/${file}`) as Live
const liveContainer = live('containers.get.json')
const liveShipment = liveContainer.included!.find((r) => r.type === 'shipment')!
const liveSearchKeys = Object.keys((live('search.shipment-bol.json').data as AnyResource[])[0].attributes!)

const keysOf = (value: object | undefined) => Object.keys(value ?? {}).sort()
const searchFor = (service: Service, query: string) =>
  service
    .get(`/v2/search?query=${encodeURIComponent(query)}`)
    .then(({ body }) => parsed(SearchResultListDocumentSchema, body))

describe.each(DATABASE_KINDS)('responses shaped like the live service on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  const firstContainer = async () =>
    parsed(ContainerListDocumentSchema, (await service.get('/v2/containers?page[size]=1')).body).data[0]

  it('renders a container with every attribute and relationship the live service sends', async () => {
    const container = await firstContainer()
    const { body } = await service.get(`/v2/containers/${container.id}`)
    const document = parsed(ContainerDocumentSchema, body)
    const attributes = document.data.attributes as Record<string, unknown>
    expect(keysOf(attributes)).toEqual(
      expect.arrayContaining(keysOf((liveContainer.data as AnyResource).attributes)),
    )
    expect(keysOf(document.data.relationships)).toEqual(
      expect.arrayContaining(keysOf((liveContainer.data as AnyResource).relationships)),
    )
    expect(attributes).toMatchObject({ ind_facility_holds: null, ind_facility_fees: null })
    expect(attributes.ssl_lfd).toBe(
      (attributes.import_deadlines as { pickup_lfd_line: string | null }).pickup_lfd_line,
    )
    const raw = await service.get(`/v2/containers/${container.id}/raw_events`)
    expect(document.data.relationships?.raw_events?.data).toEqual(
      raw.body.data.map((event: AnyResource) => ({ type: 'raw_event', id: event.id })),
    )
  })

  it('renders a shipment with every attribute the live service sends, original times included', async () => {
    const container = await firstContainer()
    const shipmentId = container.relationships!.shipment!.data!.id
    const document = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
    const attributes = document.data.attributes as Record<string, unknown>
    expect(keysOf(attributes)).toEqual(expect.arrayContaining(keysOf(liveShipment.attributes)))
    expect(attributes.pol_original_etd_at).toBe(attributes.pol_etd_at)
    expect(attributes.destination_original_eta_at).toBe(attributes.destination_eta_at)
  })

  it('gives every search hit, whatever it found, every key the live service sends', async () => {
    const container = await firstContainer()
    const request = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'container',
            request_number: container.attributes.number,
            scac: 'MAEU',
          },
        },
      }),
    })
    expect(request.status).toBe(201)
    const found = await searchFor(service, container.attributes.number!)
    expect(new Set(found.data.map((hit) => hit.attributes.entity_type))).toEqual(
      new Set(['shipment', 'cargo', 'tracking_request']),
    )
    for (const hit of found.data) expect(keysOf(hit.attributes)).toEqual([...liveSearchKeys].sort())
    const cargo = found.data.find((hit) => hit.attributes.entity_type === 'cargo')!
    const shipment = found.data.find((hit) => hit.attributes.entity_type === 'shipment')!
    expect(cargo.attributes).toMatchObject({
      scac: shipment.attributes.scac,
      port_of_lading_name: null,
      containers_count: null,
      tracking_stopped: null,
    })
  })

  it('orders search hits: shipments, then containers, then tracking requests, each newest first', async () => {
    const found = await searchFor(service, 'M')
    const order = ['shipment', 'cargo', 'tracking_request']
    const ranks = found.data.map((hit) => order.indexOf(hit.attributes.entity_type))
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    for (const type of order) {
      const created = found.data
        .filter((hit) => hit.attributes.entity_type === type)
        .map((hit) => hit.attributes.created_at!)
      expect([...created].sort().reverse()).toEqual(created)
    }
    expect(found.data.length).toBeGreaterThan(1)
  })

  it.each(['%', '_', '%25', 'M%', '\\'])('takes %s in a search literally', async (query) => {
    expect((await searchFor(service, query)).data).toEqual([])
    const shipments = await service.get(`/v2/shipments?q=${encodeURIComponent(query)}`)
    expect(shipments.status).toBe(200)
    expect(shipments.body.data).toEqual([])
    const requests = await service.get(`/v2/tracking_requests?q=${encodeURIComponent(query)}`)
    expect(requests.body.data).toEqual([])
  })

  it('answers a new tracking request with the account and the shipping line included', async () => {
    const response = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: 'HLCUSHAPE00001', scac: 'hlcu' },
        },
      }),
    })
    expect(response.status).toBe(201)
    const document = parsed(TrackingRequestDocumentSchema, response.body)
    expect(document.included?.map((r) => r.type).sort()).toEqual(['account', 'shipping_line'])
    expect(document.included?.find((r) => r.type === 'shipping_line')?.attributes).toMatchObject({
      scac: 'HLCU',
    })
    expect(document.included?.find((r) => r.type === 'account')?.attributes?.company_name).toEqual(
      expect.any(String),
    )
    const test = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: 'TEST-TR-SUCCEEDED', scac: 'TEST' },
        },
      }),
    })
    expect(parsed(TrackingRequestDocumentSchema, test.body).included?.map((r) => r.type)).toEqual(['account'])
  })
})
