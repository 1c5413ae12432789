import type { ContainerRouteDocument } from '../../../contract/container-route'

/** Longitudes unwrapped so a line across the date line stays continuous. */
type XY = [number, number]

export type RouteShapes = {
  sailed: XY[][]
  planned: XY[][]
  ports: { name: string; label: string; at: XY }[]
  vessel: { at: XY; heading: number; id: string; name: string } | null
  box: [number, number, number, number]
}

const near = (lon: number, reference: number) => lon + 360 * Math.round((reference - lon) / 360)

export function routeShapes(route: ContainerRouteDocument['data']['attributes']): RouteShapes {
  let reference: number | undefined
  const xy = (lat: number, lon: number): XY => {
    const x = reference === undefined ? lon : near(lon, reference)
    reference = x
    return [x, lat]
  }
  const line = (points: [number, number][]) => points.map(([lat, lon]) => xy(lat, lon))
  const sailed: XY[][] = []
  const planned: XY[][] = []
  let vessel: RouteShapes['vessel'] = null
  for (const leg of route.legs) {
    if (leg.sailed.length > 1) sailed.push(line(leg.sailed as [number, number][]))
    if (leg.vessel_position)
      vessel = {
        at: xy(leg.vessel_position.latitude, leg.vessel_position.longitude),
        heading: leg.vessel_position.heading ?? 0,
        id: leg.vessel.id,
        name: leg.vessel.name ?? 'Vessel',
      }
    if (leg.ahead.length > 1) planned.push(line(leg.ahead as [number, number][]))
  }
  const all = [...sailed.flat(), ...planned.flat()]
  const ports = route.ports.map((port) => ({
    name: port.name,
    label: port.label,
    at: [all.length > 0 ? near(port.longitude, all[0][0]) : port.longitude, port.latitude] as XY,
  }))
  const points = [...all, ...ports.map((p) => p.at)]
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const west = Math.min(...xs)
  const east = Math.max(...xs)
  const south = Math.min(...ys)
  const north = Math.max(...ys)
  const pad = Math.max(4, (east - west) * 0.08, (north - south) * 0.08)
  const box = fitAspect([west - pad, south - pad, east + pad, north + pad], MAP_ASPECT)
  return { sailed, planned, ports, vessel, box }
}

/** As the page reserves it before the route arrives (see the CSS). */
export const MAP_ASPECT = 5 / 2

/** So the map fills its frame whatever the route. */
export function fitAspect(box: RouteShapes['box'], aspect: number): RouteShapes['box'] {
  const [west, south, east, north] = box
  const width = Math.max(east - west, (north - south) * aspect)
  const height = width / aspect
  const x = (west + east) / 2
  const y = (south + north) / 2
  return [x - width / 2, y - height / 2, x + width / 2, y + height / 2]
}

/** y is latitude upside down. */
export const pathOf = (points: XY[]) =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(3)},${(-y).toFixed(3)}`).join('')
