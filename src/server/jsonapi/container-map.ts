import { iso } from '../storage/iso-time'
import type { Port } from '../storage/reference-store'
import type { ContainerRoute, RouteLeg, RoutePort, RouteTime } from '../tracking/container-route'
import type { Point } from '../tracking/geo'

const countries = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => {
  try {
    return countries.of(code) ?? code
  } catch {
    return code
  }
}
const when = (time: RouteTime | null, actual: boolean) =>
  time && time.actual === actual ? iso(new Date(time.at)) : null
const lonLat = ([latitude, longitude]: Point) => [longitude, latitude]
const routeTime = (time: RouteTime | null) =>
  time ? { at: iso(new Date(time.at)), actual: time.actual } : null

export function routeDocument(containerId: string, route: ContainerRoute, ports: Map<string, Port>) {
  const port = (p: RoutePort) => {
    const row = ports.get(p.place.id)
    return {
      sequence: p.sequence,
      label: p.label,
      port_id: p.place.id,
      locode: p.place.code,
      name: p.place.name,
      time_zone: p.place.tz,
      latitude: row?.latitude ?? null,
      longitude: row?.longitude ?? null,
      arrival: routeTime(p.arrival),
      departure: routeTime(p.departure),
    }
  }
  return {
    data: {
      id: containerId,
      type: 'container_route',
      attributes: {
        ports: route.ports.map(port),
        legs: route.legs.map((leg) => ({
          sequence: leg.sequence,
          state: leg.state,
          vessel: leg.vessel,
          voyage_number: leg.voyageNumber,
          from_port_id: leg.from.place.id,
          to_port_id: leg.to.place.id,
          departure: routeTime(leg.from.departure),
          arrival: routeTime(leg.to.arrival),
          sailed: leg.sailed,
          ahead: leg.ahead,
          vessel_position: leg.position && {
            latitude: leg.position.point[0],
            longitude: leg.position.point[1],
            heading: leg.position.headingDegrees,
            speed_knots: leg.position.speedKnots,
            timestamp: iso(new Date(leg.position.at)),
          },
        })),
      },
    },
  }
}

const portPropertiesOf = (ports: Map<string, Port>) => (p: RoutePort) => {
  const row = ports.get(p.place.id)
  return {
    id: p.place.id,
    name: p.place.name,
    state_abbr: row?.state_abbr ?? null,
    state: null,
    country_code: row?.country_code ?? '',
    country: countryName(row?.country_code ?? ''),
    time_zone: p.place.tz,
    label: p.label,
  }
}
type PortProperties = ReturnType<ReturnType<typeof portPropertiesOf>>
const prefixed = (prefix: string, properties: PortProperties) =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [`${prefix}${k}`, v]))

const portFeatures = (route: ContainerRoute, ports: Map<string, Port>, updatedAt: Date) =>
  route.ports.flatMap((p) => {
    const row = ports.get(p.place.id)
    if (!row) return []
    const { id, ...place } = portPropertiesOf(ports)(p)
    return [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
        properties: {
          feature_type: 'port',
          ports_sequence: p.sequence,
          ports_total: route.ports.length,
          location_id: id,
          location_type: 'Port',
          ...place,
          inbound_eta_at: when(p.arrival, false),
          inbound_ata_at: when(p.arrival, true),
          outbound_etd_at: when(p.departure, false),
          outbound_atd_at: when(p.departure, true),
          updated_at: iso(updatedAt),
        },
      },
    ]
  })

const sailedFeature = (leg: RouteLeg, updatedAt: Date) => ({
  type: 'Feature',
  geometry: { type: 'LineString', coordinates: leg.sailed.map(lonLat) },
  properties: {
    feature_type: 'past_vessel_locations',
    ports_sequence: leg.sequence,
    vessel_id: leg.vessel.id,
    start_time: when(leg.from.departure, true),
    end_time: leg.state === 'sailed' ? when(leg.to.arrival, true) : iso(updatedAt),
    point_count: leg.sailed.length,
    outbound_atd_at: when(leg.from.departure, true),
    inbound_ata_at: when(leg.to.arrival, true),
    inbound_eta_at: when(leg.to.arrival, false),
  },
})

const vesselFeature = (
  leg: RouteLeg,
  position: NonNullable<RouteLeg['position']>,
  portProperties: (p: RoutePort) => PortProperties,
) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: lonLat(position.point) },
  properties: {
    feature_type: 'current_vessel',
    ports_sequence: leg.sequence,
    vessel_id: leg.vessel.id,
    vessel_name: leg.vessel.name,
    vessel_imo: leg.vessel.imo,
    voyage_number: leg.voyageNumber,
    vessel_location_timestamp: iso(new Date(position.at)),
    vessel_location_heading: position.headingDegrees,
    vessel_location_speed: position.speedKnots,
    ...prefixed('departure_port_', portProperties(leg.from)),
    departure_port_atd: when(leg.from.departure, true),
    ...prefixed('arrival_port_', portProperties(leg.to)),
    arrival_port_eta: when(leg.to.arrival, false),
  },
})

const aheadFeature = (leg: RouteLeg) => ({
  type: 'Feature',
  geometry: { type: 'LineString', coordinates: leg.ahead.map(lonLat) },
  properties:
    leg.state === 'at_sea'
      ? {
          feature_type: 'estimated_partial_leg',
          ports_sequence: leg.sequence,
          current_port_id: leg.from.place.id,
          next_port_id: leg.to.place.id,
          point_count: leg.ahead.length,
        }
      : {
          feature_type: 'estimated_full_legs',
          ports_sequence: leg.sequence,
          previous_port_id: leg.from.place.id,
          next_port_id: leg.to.place.id,
          point_count: leg.ahead.length,
        },
})

export function routeGeoJson(route: ContainerRoute, ports: Map<string, Port>, updatedAt: Date) {
  const portProperties = portPropertiesOf(ports)
  const features: unknown[] = portFeatures(route, ports, updatedAt)
  for (const leg of route.legs) {
    if (leg.sailed.length > 1) features.push(sailedFeature(leg, updatedAt))
    if (leg.position) features.push(vesselFeature(leg, leg.position, portProperties))
    if (leg.ahead.length > 1) features.push(aheadFeature(leg))
  }
  return { type: 'FeatureCollection', features }
}
