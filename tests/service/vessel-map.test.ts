import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerMapSchema, ContainerRouteDocumentSchema } from '../../src/contract/container-route'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { PortWithContainersListSchema } from '../../src/contract/ports'
import { VesselMapDocumentSchema } from '../../src/contract/vessels'
import { distanceKm, interpolate, type Point } from '../../src/server/tracking/geo'
import { SEA_GRAPH } from '../../src/server/tracking/sea-network'
import { DATABASE_KINDS } from '../support/databases'
import { inWaterway, landMask } from '../support/land-mask'
import { NOW, OTHER_KEY, parsed, type Service, startService } from './harness'

const ACTIVE = '/v2/vessels?filter[carrying]=active'

describe.each(DATABASE_KINDS)('the map’s vessels over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 60 })
  })
  afterAll(() => service?.stop())

  const map = async (query = '', key?: string) => {
    const response = await service.get(`${ACTIVE}${query}`, key)
    expect(response.status).toBe(200)
    return parsed(VesselMapDocumentSchema, response.body)
  }

  it('lists each vessel carrying the account’s containers with its position, next port, ETA range and forecast', async () => {
    const document = await map()
    const listed = new Map((await map('&include=containers')).data.map((vessel) => [vessel.id, vessel]))
    expect(document.data.length).toBeGreaterThan(0)
    for (const vessel of document.data) {
      const a = vessel.attributes
      expect(a.name).toBeTruthy()
      expect(a.latitude).toEqual(expect.any(Number))
      expect(a.position_timestamp).toBeTruthy()
      expect(a.next_port?.locode).toMatch(/^[A-Z]{5}$/)
      const range = a.eta_range!
      expect(Date.parse(range.earliest!)).toBeLessThanOrEqual(Date.parse(range.likely!))
      expect(Date.parse(range.likely!)).toBeLessThanOrEqual(Date.parse(range.latest!))
      const forecast = a.forecast!
      expect(forecast.length).toBeGreaterThan(1)
      const times = forecast.map((p) => Date.parse(p.timestamp!))
      expect(times).toEqual([...times].sort((x, y) => x - y))
      expect(times[0]).toBe(NOW.getTime())
      expect(forecast.at(-1)!.timestamp).toBe(a.arrives_at)
      // the forecast ends at the next port
      expect(Math.abs(forecast.at(-1)!.latitude - a.next_port!.latitude!)).toBeLessThan(1)
      // counted from the kept rows without an include, named in the relationships with one
      expect(vessel.relationships).toBeUndefined()
      expect(a.container_counts).toEqual(listed.get(vessel.id)!.attributes.container_counts)
      expect(a.container_counts!.aboard).toBe(listed.get(vessel.id)!.relationships!.containers!.data!.length)
      expect(['on_hold', 'delayed', 'on_time']).toContain(a.state)
    }
  })

  it('includes the containers aboard and their shipments in the same answer, each on that vessel now', async () => {
    const document = await map('&include=containers,shipments')
    const included = new Map((document.included ?? []).map((r) => [`${r.type}:${r.id}`, r]))
    const vessel = document.data[0]
    const containerIds = vessel.relationships!.containers!.data!.map((r) => r.id)
    for (const id of containerIds) {
      const container = included.get(`container:${id}`)!
      expect(container.attributes?.pod_discharged_at).toBeNull()
      const shipmentId = (container.relationships as { shipment: { data: { id: string } } }).shipment.data.id
      expect(included.has(`shipment:${shipmentId}`)).toBe(true)
    }
    // the container's own route puts it on this vessel, at sea, now
    const route = parsed(
      ContainerRouteDocumentSchema,
      (await service.get(`/v2/containers/${containerIds[0]}/route`)).body,
    )
    const atSea = route.data.attributes.legs?.find((leg) => leg.state === 'at_sea')
    expect(atSea?.vessel?.id).toBe(vessel.id)
  })

  it('answers one vessel with what it carries when asked by filter[vessel_id]', async () => {
    const all = await map('&include=containers')
    const vessel = all.data[0]
    const one = await map(`&include=containers&filter[vessel_id]=${vessel.id}`)
    expect(one.data.map((v) => v.id)).toEqual([vessel.id])
    expect((one.included ?? []).map((r) => r.id).sort()).toEqual(
      vessel.relationships!.containers!.data!.map((r) => r.id).sort(),
    )
  })

  it('narrows to the shipments of one shipping line', async () => {
    const all = await map('&include=shipments')
    const scac = (all.included ?? []).find((r) => r.type === 'shipment')!.attributes!
      .shipping_line_scac as string
    const narrowed = await map(`&include=shipments&filter[shipping_line_scac]=${scac}`)
    const shipments = (narrowed.included ?? []).filter((r) => r.type === 'shipment')
    expect(shipments.length).toBeGreaterThan(0)
    expect(shipments.every((s) => s.attributes!.shipping_line_scac === scac)).toBe(true)
    expect(narrowed.meta!.total).toBeLessThanOrEqual(all.meta!.total!)
  })

  it('keeps each account’s containers to itself', async () => {
    const mine = await map('&include=containers')
    const theirs = await map('&include=containers', OTHER_KEY)
    const ids = (d: typeof mine) => d.data.flatMap((v) => v.relationships!.containers!.data!.map((r) => r.id))
    const other = new Set(ids(theirs))
    expect(ids(mine).some((id) => other.has(id))).toBe(false)
  })

  it('answers without filter[carrying] with 400 naming it', async () => {
    const response = await service.get('/v2/vessels')
    expect(response.status).toBe(400)
    const [error] = parsed(ErrorDocumentSchema, response.body).errors
    expect(error.source?.parameter).toBe('filter[carrying]')
  })

  it('refuses an include other than containers and shipments with 400 naming include', async () => {
    const response = await service.get(`${ACTIVE}&include=containers.shipment`)
    expect(response.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.parameter).toBe('include')
  })

  it('forecasts a container’s path to its port of discharge with timestamps and an ETA range', async () => {
    const vessel = (await map('&include=containers')).data.find(
      (v) => v.attributes.next_port?.is_port_of_discharge,
    )!
    const containerId = vessel.relationships!.containers!.data![0].id
    const route = parsed(
      ContainerRouteDocumentSchema,
      (await service.get(`/v2/containers/${containerId}/route`)).body,
    ).data.attributes
    const forecast = route.forecast!
    const times = forecast.path.map((p) => Date.parse(p.timestamp))
    expect(times[0]).toBe(NOW.getTime())
    expect(times).toEqual([...times].sort((x, y) => x - y))
    const pod = route.ports.at(-1)!
    const end = forecast.path.at(-1)!
    expect(Math.abs(end.latitude - pod.latitude!)).toBeLessThan(1)
    expect(Math.abs(end.longitude - pod.longitude!)).toBeLessThan(1)
    expect(forecast.eta_range!.likely).toBe(vessel.attributes.eta_range!.likely)
  })

  it('draws every sailed and planned track of the vessels’ containers at sea, never across land', async () => {
    const onLand = landMask()
    const document = await map('&include=containers')
    let checked = 0
    for (const vessel of document.data) {
      const containerId = vessel.relationships!.containers!.data![0].id
      const geo = parsed(
        ContainerMapSchema,
        (await service.get(`/v2/containers/${containerId}/map_geojson`)).body,
      )
      const kinds = new Set(geo.features.map((f) => f.properties.feature_type))
      expect(kinds).toContain('current_vessel')
      expect(kinds).toContain('port')
      // a track also passes the ports its vessel calls at on the way
      const ports = [
        ...geo.features
          .filter((f) => f.geometry.type === 'Point' && f.properties.feature_type === 'port')
          .map((f) => [...(f.geometry.coordinates as number[])].reverse() as Point),
        ...[...SEA_GRAPH.ports].map((code) => SEA_GRAPH.positions.get(code) as Point),
      ]
      for (const f of geo.features) {
        if (f.geometry.type !== 'LineString') continue
        const line = (f.geometry.coordinates as number[][]).map(([lon, lat]) => [lat, lon] as Point)
        for (let i = 1; i < line.length; i++) {
          const steps = Math.ceil(distanceKm(line[i - 1], line[i]) / 5)
          for (let k = 0; k <= steps; k++) {
            const point = interpolate(line[i - 1], line[i], k / steps)
            // a port sits at the coast, which Natural Earth at 1:50m may draw a little inland
            if (ports.some((port) => distanceKm(point, port) < 30) || inWaterway(point)) continue
            expect(onLand(point), `${point.join(',')} is on land`).toBe(false)
            checked++
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10)
  })

  it('counts the containers waiting at each port’s terminals as the board does', async () => {
    const response = await service.get('/v2/ports?filter[holding]=waiting')
    expect(response.status).toBe(200)
    const ports = parsed(PortWithContainersListSchema, response.body).data
    expect(ports.length).toBeGreaterThan(0)
    const terminal = ports[0].attributes.terminals![0]
    const board = (await service.get(`/v2/containers?filter[pod_terminal_id]=${terminal.id}&counts=tabs`))
      .body
    const tabs = board.meta.tab_counts as Record<string, number>
    expect(terminal.container_counts).toEqual({
      available: tabs.available,
      on_hold: tabs.on_hold,
      overdue: tabs.overdue,
    })
    const total = ports[0].attributes.terminals!.reduce((n, t) => n + t.container_counts.available, 0)
    expect(ports[0].attributes.container_counts!.available).toBe(total)
    expect((await service.get('/v2/ports')).status).toBe(400)
  })
})
