import {
  distanceKm,
  initialBearing,
  interpolate,
  KM_PER_NAUTICAL_MILE,
  nearestOnSegment,
  type Point,
} from './geo'
import { SEA_GRAPH, type SeaGraph, seaEdges } from './sea-network'
import { shortestPath } from './shortest-path'

export type SeaRoute = { points: Point[]; distanceKm: number }

const HOUR_MS = 3_600_000

const lengthKm = (points: Point[]) =>
  points.slice(1).reduce((sum, point, i) => sum + distanceKm(points[i], point), 0)

const toRoute = (points: Point[]): SeaRoute => {
  const kept = points.filter((point, i) => i === 0 || distanceKm(points[i - 1], point) > 0.01)
  return { points: kept, distanceKm: lengthKm(kept) }
}

const routeCache = new Map<string, SeaRoute | undefined>()

/** Undefined for a place the network does not know (inland ramps). */
export function seaRoute(fromLocode: string, toLocode: string, graph: SeaGraph = SEA_GRAPH) {
  const from = fromLocode.toUpperCase()
  const to = toLocode.toUpperCase()
  const key = `${from}>${to}`
  if (graph === SEA_GRAPH && routeCache.has(key)) return routeCache.get(key)
  let route: SeaRoute | undefined
  if (graph.ports.has(from) && graph.ports.has(to)) {
    const found = shortestPath(graph, [{ node: from, km: 0 }], to)
    if (found) route = toRoute(found.path.map((node) => graph.positions.get(node) as Point))
  }
  if (graph === SEA_GRAPH) routeCache.set(key, route)
  return route
}

function joinRoute(position: Point, route: SeaRoute) {
  let best = { offKm: Number.POSITIVE_INFINITY, point: route.points[0], rest: route.points }
  for (let i = 1; i < route.points.length; i++) {
    const near = nearestOnSegment(position, route.points[i - 1], route.points[i])
    if (near.offKm < best.offKm) best = { offKm: near.offKm, point: near.point, rest: route.points.slice(i) }
  }
  return best
}

const ENTRY_EDGES = 3

function entriesNear(position: Point, graph: SeaGraph) {
  const nearest = seaEdges(graph)
    .map(([a, b]) => {
      const from = graph.positions.get(a) as Point
      const to = graph.positions.get(b) as Point
      return { a, b, length: distanceKm(from, to), ...nearestOnSegment(position, from, to) }
    })
    .sort((x, y) => x.offKm - y.offKm)
    .slice(0, ENTRY_EDGES)
  const entries = new Map<string, { km: number; point: Point }>()
  for (const edge of nearest)
    for (const [node, alongKm] of [
      [edge.a, edge.alongKm],
      [edge.b, edge.length - edge.alongKm],
    ] as const) {
      const km = edge.offKm + alongKm
      if (km < (entries.get(node)?.km ?? Number.POSITIVE_INFINITY))
        entries.set(node, { km, point: edge.point })
    }
  return entries
}

/** Joins the nearest lanes (or the route it was sailing) where they pass closest. */
export function seaRouteFromPosition(
  position: Point,
  toLocode: string,
  previousLocode?: string,
  graph: SeaGraph = SEA_GRAPH,
): SeaRoute | undefined {
  const to = toLocode.toUpperCase()
  if (!graph.ports.has(to)) return undefined
  const candidates: SeaRoute[] = []
  const entries = entriesNear(position, graph)
  const found = shortestPath(
    graph,
    [...entries].map(([node, { km }]) => ({ node, km })),
    to,
  )
  if (found) {
    const entry = entries.get(found.path[0])?.point ?? position
    candidates.push(
      toRoute([position, entry, ...found.path.map((node) => graph.positions.get(node) as Point)]),
    )
  }
  const sailing = previousLocode ? seaRoute(previousLocode, to, graph) : undefined
  if (sailing) {
    const joined = joinRoute(position, sailing)
    candidates.push(toRoute([position, joined.point, ...joined.rest]))
  }
  return candidates.sort((x, y) => x.distanceKm - y.distanceKm)[0]
}

export function positionAlong(route: Pick<SeaRoute, 'points'>, fraction: number) {
  const { points } = route
  const target = Math.min(1, Math.max(0, fraction)) * lengthKm(points)
  let travelled = 0
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1]
    const to = points[i]
    const leg = distanceKm(from, to)
    if (travelled + leg >= target || i === points.length - 1) {
      const t = leg === 0 ? 1 : Math.min(1, Math.max(0, (target - travelled) / leg))
      const [latitude, longitude] = fraction >= 1 ? to : interpolate(from, to, t)
      const headingDegrees =
        t < 1 ? initialBearing([latitude, longitude], to) : (initialBearing(to, from) + 180) % 360
      return { latitude, longitude, headingDegrees }
    }
    travelled += leg
  }
  const [latitude, longitude] = points[0]
  return { latitude, longitude, headingDegrees: 0 }
}

export function futurePositions(route: SeaRoute, speedKnots: number, startTime: Date, stepHours = 6) {
  const kmPerHour = Math.max(speedKnots, 1) * KM_PER_NAUTICAL_MILE
  const at = (hours: number, fraction: number) => {
    const { latitude, longitude, headingDegrees } = positionAlong(route, fraction)
    return {
      latitude,
      longitude,
      heading: Math.round(headingDegrees) % 360,
      timestamp: new Date(startTime.getTime() + hours * HOUR_MS),
    }
  }
  const positions = []
  const total = route.distanceKm
  for (let hours = stepHours; hours * kmPerHour < total; hours += stepHours)
    positions.push(at(hours, (hours * kmPerHour) / total))
  positions.push(at(total / kmPerHour, 1))
  return positions
}
