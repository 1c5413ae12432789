import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import { SearchResultListDocumentSchema } from '../../src/contract/search-results'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('search by part of a number or name on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  const search = async (query: string, key?: string) =>
    parsed(
      SearchResultListDocumentSchema,
      (await service.get(`/v2/search?query=${encodeURIComponent(query)}`, key)).body,
    ).data
  const shipmentsFor = async (q: string, key?: string) =>
    parsed(
      ShipmentListDocumentSchema,
      (await service.get(`/v2/shipments?q=${encodeURIComponent(q)}&page[size]=100`, key)).body,
    )
  const allShipments = async (key?: string) =>
    parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?page[size]=100', key)).body).data

  it('finds a container and its shipment by the last seven digits of its number', async () => {
    const container = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=1')).body,
    ).data[0]
    const number = container.attributes.number!
    const shipmentId = container.relationships?.shipment?.data?.id
    const hits = await search(number.slice(-7))
    expect(
      hits.find((hit) => hit.attributes.entity_type === 'cargo' && hit.id === container.id),
    ).toBeDefined()
    const shipment = hits.find((hit) => hit.attributes.entity_type === 'shipment' && hit.id === shipmentId)
    expect(shipment?.meta).toMatchObject({ matched_on: 'number', matched_text: number.slice(-7) })
    const listed = await shipmentsFor(number.slice(-7))
    expect(listed.data.map((s) => s.id)).toContain(shipmentId)
    expect(listed.meta?.total).toBe(listed.data.length)
  })

  it("finds a customer's shipments by part of the customer's name, in any case", async () => {
    const theirs = (await allShipments()).filter((s) => s.attributes.customer_name === 'Northwind Traders')
    expect(theirs.length).toBeGreaterThan(0)
    const listed = await shipmentsFor('northw')
    expect(listed.data.map((s) => s.id).sort()).toEqual(theirs.map((s) => s.id).sort())
    const created = listed.data.map((s) => s.attributes.created_at!)
    expect(created).toEqual([...created].sort().reverse())
    const hits = (await search('NORTHW')).filter((hit) => hit.attributes.entity_type === 'shipment')
    expect(hits.map((hit) => hit.id).sort()).toEqual(theirs.map((s) => s.id).sort())
    for (const hit of hits)
      expect(hit.meta).toMatchObject({ matched_on: 'customer', matched_text: 'Northwind Traders' })
  })

  it("finds shipments by their vessel's name, its words in any case", async () => {
    const shipments = await allShipments()
    const vessel = shipments.find((s) => s.attributes.pod_vessel_name?.includes(' '))!.attributes
      .pod_vessel_name!
    const aboard = shipments.filter((s) => s.attributes.pod_vessel_name === vessel).map((s) => s.id)
    const query = vessel.toLowerCase()
    const listed = await shipmentsFor(query)
    expect(listed.data.map((s) => s.id).sort()).toEqual([...aboard].sort())
    const hits = (await search(query)).filter((hit) => hit.attributes.entity_type === 'shipment')
    expect(hits.map((hit) => hit.id).sort()).toEqual([...aboard].sort())
    for (const hit of hits) expect(hit.meta).toMatchObject({ matched_on: 'vessel', matched_text: vessel })
  })

  it('ranks a number that begins with the query before one that holds it, however new', async () => {
    const shipments = await allShipments()
    const older = shipments.at(-1)!
    const newest = shipments[0]
    const query = older.attributes.bill_of_lading_number!.slice(0, -2)
    const patched = await service.call('PATCH', `/v2/shipments/${newest.id}`, {
      body: JSON.stringify({
        data: { id: newest.id, type: 'shipment', attributes: { ref_numbers: [`PO-${query}-7`] } },
      }),
    })
    expect(patched.status).toBe(200)
    const hits = (await search(query)).filter((hit) => hit.attributes.entity_type === 'shipment')
    expect(hits.map((hit) => hit.id)).toEqual([older.id, newest.id])
    expect(hits[0].meta).toBeUndefined()
    expect(hits[1].meta).toMatchObject({ matched_on: 'number', matched_text: query })
  })

  it("never finds another account's customer", async () => {
    const [other] = await allShipments(OTHER_KEY)
    const customerId = other.relationships?.customer?.data?.id
    expect(customerId).toBeDefined()
    const renamed = await service.call('PATCH', `/v2/parties/${customerId}`, {
      key: OTHER_KEY,
      body: JSON.stringify({
        data: { id: customerId, type: 'party', attributes: { company_name: 'Zanzibar Spice Merchants' } },
      }),
    })
    expect(renamed.status).toBe(200)
    expect((await shipmentsFor('zanzibar spice', OTHER_KEY)).data.map((s) => s.id)).toContain(other.id)
    expect((await shipmentsFor('zanzibar spice')).data).toEqual([])
    expect(await search('zanzibar spice')).toEqual([])
    expect((await search('zanzibar spice', OTHER_KEY)).map((hit) => hit.id)).toContain(other.id)
  })
})
