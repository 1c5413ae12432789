import { describe, expect, it } from 'vitest'
import type { Port } from '../storage/reference-store'
import type { ContainerRoute, RoutePort } from '../tracking/container-route'
import { routeGeoJson } from './container-map'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 0, 10)
const place = (code: string) => ({ code, id: `id-${code}`, name: `Port ${code}`, tz: 'UTC' })
const port = (
  sequence: number,
  code: string,
  arrival: number | null,
  departure: number | null,
): RoutePort => ({
  sequence,
  label: `label ${sequence}`,
  place: place(code),
  arrival: arrival === null ? null : { at: arrival, actual: arrival <= T0 },
  departure: departure === null ? null : { at: departure, actual: departure <= T0 },
})
const row = (code: string, latitude: number, longitude: number): Port => ({
  id: `id-${code}`,
  code,
  name: `Port ${code}`,
  city: null,
  state_abbr: code === 'USLAX' ? 'CA' : null,
  country_code: code.slice(0, 2),
  latitude,
  longitude,
  time_zone: 'UTC',
  inland: false,
})
const vessel = { id: 'v1', name: 'Ever Given', imo: '9811000' }
const [pol, via, pod] = [
  port(1, 'CNSHA', null, T0 - 48 * HOUR),
  port(2, 'JPTYO', T0 - 24 * HOUR, T0 - 20 * HOUR),
  port(3, 'USLAX', T0 + 240 * HOUR, null),
]
const route: ContainerRoute = {
  ports: [pol, via, pod],
  legs: [
    {
      sequence: 1,
      vessel,
      voyageNumber: '001E',
      from: pol,
      to: via,
      state: 'sailed',
      sailed: [
        [31, 122],
        [35, 140],
      ],
      ahead: [],
      position: null,
    },
    {
      sequence: 2,
      vessel,
      voyageNumber: '002E',
      from: via,
      to: pod,
      state: 'at_sea',
      sailed: [
        [35, 140],
        [36, 150],
      ],
      ahead: [
        [36, 150],
        [34, -118],
      ],
      position: { point: [36, 150], headingDegrees: 80, speedKnots: 18, at: T0 },
    },
  ],
}
// the port of Tokyo is left out of the reference data: the map draws no point it cannot place
const ports = new Map([row('CNSHA', 31.2, 121.5), row('USLAX', 33.7, -118.3)].map((p) => [p.id, p]))

describe('routeGeoJson', () => {
  const { features } = routeGeoJson(route, ports, new Date(T0)) as {
    features: { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[]
  }

  it('draws the placed ports, each leg sailed, the vessel at sea and the water ahead, in that order', () => {
    expect(features.map((f) => [f.properties.feature_type, f.properties.ports_sequence])).toEqual([
      ['port', 1],
      ['port', 3],
      ['past_vessel_locations', 1],
      ['past_vessel_locations', 2],
      ['current_vessel', 2],
      ['estimated_partial_leg', 2],
    ])
    expect(features[0].geometry.coordinates).toEqual([121.5, 31.2])
    expect(features[0].properties).toMatchObject({
      ports_total: 3,
      location_id: 'id-CNSHA',
      country: 'China',
    })
  })

  it('ends a track still at sea now, and a sailed one at its actual arrival', () => {
    expect(features[2].properties.end_time).toBe(new Date(T0 - 24 * HOUR).toISOString().replace('.000', ''))
    expect(features[3].properties.end_time).toBe(new Date(T0).toISOString().replace('.000', ''))
  })

  it('gives the vessel now with the ports it sails between, prefixed, at [longitude, latitude]', () => {
    const now = features[4]
    expect(now.geometry.coordinates).toEqual([150, 36])
    expect(now.properties).toMatchObject({
      vessel_name: 'Ever Given',
      voyage_number: '002E',
      vessel_location_speed: 18,
      departure_port_id: 'id-JPTYO',
      departure_port_country_code: '',
      arrival_port_id: 'id-USLAX',
      arrival_port_state_abbr: 'CA',
      arrival_port_label: 'label 3',
      arrival_port_eta: new Date(T0 + 240 * HOUR).toISOString().replace('.000', ''),
    })
  })
})
