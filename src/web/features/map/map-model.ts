import { ContainerSchema } from '../../../contract/containers'
import { ShipmentSchema } from '../../../contract/shipments'
import type { VesselMapState, VesselOnMap } from '../../../contract/vessels'
import { createIncludeGraph } from '../../api/include-graph'

/** A point of a vessel's path: epoch ms, latitude, longitude, heading in degrees. */
type PathPoint = { at: number; lat: number; lon: number; heading: number }

export type MapVessel = {
  id: string
  name: string
  imo: string | null
  /** Unknown states from another server are kept and shown as they came. */
  state: VesselMapState | string
  voyage: string | null
  lat: number
  lon: number
  heading: number
  speed: number | null
  reportedAt: string | null
  nextPort: {
    locode: string
    name: string
    lat: number | null
    lon: number | null
    zone: string | null
  } | null
  toPod: boolean
  /** The next port it calls at, with its ETA: on the way to `nextPort`, or that port itself. */
  nextCall: NextCall | null
  eta: { earliest: string | null; likely: string | null; latest: string | null } | null
  arrivesAt: string | null
  /** From the position now to the next port, in time order. */
  path: PathPoint[]
  /** How many of the account's containers it carries; which ones come with `include=containers`. */
  aboardCount: number
  containers: { id: string; number: string; shipmentId: string | null; billOfLading: string | null }[]
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN)

type NextCall = {
  locode: string
  name: string
  zone: string | null
  /** Whether any of the account's shipments aboard is discharged there. */
  discharging: boolean
  eta: { earliest: string | null; likely: string | null; latest: string | null }
}

const nextCallOf = (call: VesselOnMap['attributes']['next_call']): NextCall | null =>
  call
    ? {
        locode: call.locode,
        name: call.name ?? call.locode,
        zone: call.time_zone ?? null,
        discharging: call.is_port_of_discharge === true,
        eta: {
          earliest: call.eta_range?.earliest ?? null,
          likely: call.eta_range?.likely ?? call.arrives_at ?? null,
          latest: call.eta_range?.latest ?? null,
        },
      }
    : null

/** A vessel with no position is left out. */
export function mapVessels(document: { data: VesselOnMap[]; included?: unknown[] }): MapVessel[] {
  const graph = createIncludeGraph(document as Parameters<typeof createIncludeGraph>[0])
  return document.data.flatMap((vessel): MapVessel[] => {
    const a = vessel.attributes
    if (a.latitude == null || a.longitude == null) return []
    const path = (a.forecast ?? [])
      .map((p) => ({ at: time(p.timestamp), lat: p.latitude, lon: p.longitude, heading: p.heading ?? 0 }))
      .filter((p) => Number.isFinite(p.at))
      .sort((x, y) => x.at - y.at)
    const containers = graph.many(vessel, 'containers', ContainerSchema).map((container) => {
      const shipment = graph.one(container, 'shipment', ShipmentSchema)
      return {
        id: container.id,
        number: container.attributes.number,
        shipmentId: shipment?.id ?? null,
        billOfLading: shipment?.attributes.bill_of_lading_number ?? null,
      }
    })
    containers.sort((x, y) => x.number.localeCompare(y.number))
    const port = a.next_port
    return [
      {
        id: vessel.id,
        name: a.name ?? 'Unnamed vessel',
        imo: a.imo ?? null,
        state: a.state ?? 'on_time',
        voyage: a.voyage_number ?? null,
        lat: a.latitude,
        lon: a.longitude,
        heading: a.navigational_heading_degrees ?? path[0]?.heading ?? 0,
        speed: a.nautical_speed_knots ?? null,
        reportedAt: a.position_timestamp ?? null,
        nextPort: port
          ? {
              locode: port.locode,
              name: port.name ?? port.locode,
              lat: port.latitude ?? null,
              lon: port.longitude ?? null,
              zone: port.time_zone ?? null,
            }
          : null,
        toPod: port?.is_port_of_discharge === true,
        nextCall: nextCallOf(a.next_call),
        eta: a.eta_range
          ? {
              earliest: a.eta_range.earliest ?? null,
              likely: a.eta_range.likely ?? null,
              latest: a.eta_range.latest ?? null,
            }
          : null,
        arrivesAt: a.arrives_at ?? null,
        path,
        aboardCount: a.container_counts?.aboard ?? containers.length,
        containers,
      },
    ]
  })
}

export type Placed = { lat: number; lon: number; heading: number; arrived: boolean }

/** Shortest way round in longitude, so a path across the date line does not sweep the globe. */
const lerpLongitude = (from: number, to: number, t: number) => {
  let delta = to - from
  if (delta > 180) delta -= 360
  if (delta < -180) delta += 360
  const lon = from + delta * t
  return lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon
}

/** Before its forecast: where it reported; after the end of its forecast: arrived at the next port. */
export function placeAt(vessel: MapVessel, at: number): Placed {
  const { path } = vessel
  if (path.length === 0 || at <= path[0].at)
    return { lat: vessel.lat, lon: vessel.lon, heading: vessel.heading, arrived: false }
  const last = path[path.length - 1]
  if (at >= last.at) return { lat: last.lat, lon: last.lon, heading: last.heading, arrived: true }
  // binary search: a slider step places every vessel
  let low = 0
  let high = path.length - 1
  while (high - low > 1) {
    const middle = (low + high) >> 1
    if (path[middle].at <= at) low = middle
    else high = middle
  }
  const a = path[low]
  const b = path[high]
  const t = (at - a.at) / (b.at - a.at)
  return {
    lat: a.lat + (b.lat - a.lat) * t,
    lon: lerpLongitude(a.lon, b.lon, t),
    heading: a.heading,
    arrived: false,
  }
}

/** The slider moves an hour a step. */
export const SLIDER_STEP = 3_600_000

/**
 * The slider's span: from now to the last moment any vessel is forecast to reach its port, rounded up to a
 * whole step. A range input's End key stops at the last whole step from its start: short of an end between
 * steps, it left the last vessel to arrive still at sea.
 */
export function sliderSpan(vessels: MapVessel[], now: number) {
  let end = now
  for (const vessel of vessels) {
    const last = vessel.path.at(-1)?.at ?? now
    const latest = time(vessel.eta?.latest)
    end = Math.max(end, last, Number.isFinite(latest) ? latest : now)
  }
  return { start: now, end: now + Math.ceil((end - now) / SLIDER_STEP) * SLIDER_STEP }
}

/** Where the person put the slider: at its end it stays there as refreshed forecasts move the end later. */
export type SliderChoice = number | 'end' | undefined

export const sliderChoice = (value: number, span: { end: number }): SliderChoice =>
  value >= span.end ? 'end' : value

export const sliderAt = (chosen: SliderChoice, span: { start: number; end: number }) =>
  chosen === 'end' ? span.end : Math.min(span.end, Math.max(span.start, chosen ?? span.start))

export const STATE_WORDS: Record<VesselMapState, string> = {
  on_hold: 'Container on hold',
  delayed: 'Delayed',
  on_time: 'On time',
}

/** One this dashboard does not know shows as the server sent it. */
export const stateWords = (state: string) =>
  STATE_WORDS[state as VesselMapState] ?? state.replaceAll('_', ' ')

/** Enough contrast on the sea and the land; shapes carry the state too. */
export const STATE_COLOURS: Record<string, string> = {
  on_hold: '#b3261e',
  delayed: '#8a5a00',
  on_time: '#1b5e20',
  arrived: '#37474f',
}
