import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerDocumentSchema, ContainerListDocumentSchema } from '../../src/contract/containers'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { PortDocumentSchema } from '../../src/contract/ports'
import { RawEventListDocumentSchema } from '../../src/contract/raw-events'
import { RESOURCE_SCHEMAS } from '../../src/contract/resource-registry'
import { SearchResultListDocumentSchema } from '../../src/contract/search-results'
import { ShippingLineListDocumentSchema } from '../../src/contract/shipping-lines'
import { TransportEventListDocumentSchema } from '../../src/contract/transport-events'
import { VesselDocumentSchema, VesselWithPositionsDocumentSchema } from '../../src/contract/vessels'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('containers and reference data over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { rateLimitPerMinute: 100_000 })
  })
  afterAll(() => service?.stop())

  const discharged = async () => {
    const list = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=100')).body,
    )
    return list.data.find((c) => c.attributes.pod_discharged_at && c.attributes.pickup_lfd)!
  }

  it('shows a container with its shipment, terminal and timeline, each valid by the contract', async () => {
    const container = await discharged()
    const { status, body } = await service.get(
      `/v2/containers/${container.id}?include=shipment,pod_terminal,transport_events`,
    )
    expect(status).toBe(200)
    const document = parsed(ContainerDocumentSchema, body)
    for (const resource of document.included ?? []) parsed(RESOURCE_SCHEMAS[resource.type], resource)
    const events = document.included!.filter((r) => r.type === 'transport_event')
    expect(events.map((e) => e.attributes!.event)).toContain('container.transport.vessel_discharged')
    expect(document.data.attributes.pickup_lfd).toMatch(/T0[4-8]:00:00Z$/)
  })

  it('lists transport events in time order and raw events in index order with the carrier wording', async () => {
    const container = await discharged()
    const transport = parsed(
      TransportEventListDocumentSchema,
      (await service.get(`/v2/containers/${container.id}/transport_events`)).body,
    )
    const times = transport.data.map((e) => e.attributes.timestamp!)
    expect([...times].sort()).toEqual(times)
    const raw = parsed(
      RawEventListDocumentSchema,
      (await service.get(`/v2/containers/${container.id}/raw_events`)).body,
    )
    expect(raw.data.map((e) => e.attributes.index)).toEqual(
      [...raw.data.map((e) => e.attributes.index)].sort((a, b) => a! - b!),
    )
    expect(raw.data.every((e) => e.attributes.original_event)).toBe(true)
  })

  it('refuses a filter the container list does not have, naming it and the filters it takes', async () => {
    const { status, body } = await service.get('/v2/containers?filter[colour]=red')
    expect(status).toBe(400)
    const [error] = parsed(ErrorDocumentSchema, body).errors
    expect(error.source).toEqual({ parameter: 'filter[colour]' })
    expect(error.detail).toMatch(/^filter\[colour\] is not a filter of this list; it takes .*filter\[tab\]/)
    expect((await service.get('/v2/containers?filter[tab]=overdue&page[size]=1')).status).toBe(200)
  })

  it("hides another account's container", async () => {
    const container = await discharged()
    expect((await service.get(`/v2/containers/${container.id}`, OTHER_KEY)).status).toBe(404)
    expect((await service.get(`/v2/containers/${container.id}/raw_events`, OTHER_KEY)).status).toBe(404)
  })

  it('serves its OpenAPI document without a key', async () => {
    const response = await service.get('/v2/openapi.json', null)
    expect(response.status).toBe(200)
    expect(Object.keys(response.body.paths)).toContain('/containers/{id}')
  })

  it('finds a port by LOCODE with coordinates as the real service sends them', async () => {
    const port = parsed(PortDocumentSchema, (await service.get('/v2/ports/USLAX')).body)
    expect(port.data.attributes).toMatchObject({ code: 'USLAX', time_zone: 'America/Los_Angeles' })
    expect((await service.get('/v2/ports/XXNOPE')).status).toBe(404)
  })

  it('forecasts a vessel along its sea lane, and refuses missing or bad parameters', async () => {
    const lines = parsed(ShippingLineListDocumentSchema, (await service.get('/v2/shipping_lines')).body)
    expect(lines.data.length).toBeGreaterThan(0)
    const container = await discharged()
    const document = parsed(
      ContainerDocumentSchema,
      (await service.get(`/v2/containers/${container.id}?include=shipment`)).body,
    )
    const imo = document.included!.find((r) => r.type === 'shipment')!.attributes!.pod_vessel_imo as string
    const base = `/v2/vessels/${imo}/future_positions_with_coordinates`
    const ok = await service.get(`${base}?port_id=USLAX&previous_port_id=CNSHA&latitude=38.5&longitude=165`)
    expect(ok.status).toBe(200)
    const vessel = parsed(VesselWithPositionsDocumentSchema, ok.body)
    const positions = vessel.data.attributes.positions!
    expect(positions.at(-1)).toMatchObject({ latitude: 33.73, longitude: -118.26, estimated: true })
    expect(
      (await service.get(`${base}?port_id=USLAX&previous_port_id=CNSHA&longitude=165`)).body.errors[0].source
        .parameter,
    ).toBe('latitude')
    const bad = await service.get(`${base}?port_id=USLAX&previous_port_id=CNSHA&latitude=123&longitude=165`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source.parameter).toBe('latitude')
    expect(
      (
        await service.get(
          `/v2/vessels/0000000/future_positions_with_coordinates?port_id=USLAX&previous_port_id=CNSHA&latitude=1&longitude=1`,
        )
      ).status,
    ).toBe(404)
    expect(
      (await service.get(`${base}?port_id=XXNOPE&previous_port_id=CNSHA&latitude=1&longitude=1`)).status,
    ).toBe(404)
  })

  it('lists shipping lines and finds a vessel by IMO', async () => {
    const lines = parsed(ShippingLineListDocumentSchema, (await service.get('/v2/shipping_lines')).body)
    expect(lines.data.length).toBeGreaterThanOrEqual(10)
    const container = await discharged()
    const document = parsed(
      ContainerDocumentSchema,
      (await service.get(`/v2/containers/${container.id}?include=shipment`)).body,
    )
    const imo = document.included!.find((r) => r.type === 'shipment')!.attributes!.pod_vessel_imo as string
    const vessel = parsed(VesselDocumentSchema, (await service.get(`/v2/vessels/${imo}`)).body)
    expect(vessel.data.attributes.imo).toBe(imo)
  })

  it('refuses an include on shipping lines or a forecast instead of ignoring it', async () => {
    const lines = await service.get('/v2/shipping_lines?include=vessels')
    expect(lines.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, lines.body).errors[0].source).toEqual({ parameter: 'include' })
    const container = await discharged()
    const document = parsed(
      ContainerDocumentSchema,
      (await service.get(`/v2/containers/${container.id}?include=shipment`)).body,
    )
    const imo = document.included!.find((r) => r.type === 'shipment')!.attributes!.pod_vessel_imo as string
    const forecast = await service.get(
      `/v2/vessels/${imo}/future_positions_with_coordinates?port_id=USLAX&previous_port_id=CNSHA&latitude=38.5&longitude=165&include=port`,
    )
    expect(forecast.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, forecast.body).errors[0].source).toEqual({ parameter: 'include' })
  })
})

describe('rate limit', () => {
  let service: Service
  beforeAll(async () => {
    service = await startService('pglite', { rateLimitPerMinute: 3 })
  })
  afterAll(() => service?.stop())

  it('answers 429 with Retry-After past the limit, and lets the key back in after a minute', async () => {
    for (let i = 0; i < 3; i++) expect((await service.get('/v2/shipping_lines')).status).toBe(200)
    const limited = await service.get('/v2/shipping_lines')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    service.advance(61_000)
    expect((await service.get('/v2/shipping_lines')).status).toBe(200)
  })
})

describe.each(DATABASE_KINDS)('search over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  it('finds a container by number, with its shipment, and refuses an empty query', async () => {
    const container = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=1')).body,
    ).data[0]
    const found = parsed(
      SearchResultListDocumentSchema,
      (await service.get(`/v2/search?query=${container.attributes.number}`)).body,
    )
    const cargo = found.data.find((r) => r.attributes.entity_type === 'cargo')!
    expect(cargo.attributes).toMatchObject({
      number: container.attributes.number,
      shipment_id: container.relationships?.shipment?.data?.id,
    })
    const shipment = found.data.find((r) => r.attributes.entity_type === 'shipment')!
    expect(shipment.attributes.containers_count).toBeGreaterThan(0)
    const empty = await service.get('/v2/search?query=')
    expect(empty.status).toBe(400)
    expect(empty.body.errors[0].source.parameter).toBe('query')
    const theirs = parsed(
      SearchResultListDocumentSchema,
      (await service.get(`/v2/search?query=${container.attributes.number}`, OTHER_KEY)).body,
    )
    expect(theirs.data).toEqual([])
  })
})
