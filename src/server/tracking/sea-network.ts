import { PORTS } from '../demo/ports'
import { distanceKm, type Point } from './geo'
import { AMERICAS_PACIFIC } from './sea-lanes-americas-pacific'
import { ATLANTIC } from './sea-lanes-atlantic'
import { EAST_ASIA } from './sea-lanes-east-asia'
import { EUROPE } from './sea-lanes-europe'
import { INDIAN_OCEAN } from './sea-lanes-indian-ocean'
import { PACIFIC } from './sea-lanes-pacific'
import { US_EAST } from './sea-lanes-us-east'
import type { SeaRegion } from './sea-region'

type Edge = { to: string; km: number }

export type SeaGraph = {
  positions: Map<string, Point>
  edges: Map<string, Edge[]>
  /** A route may start or end at a port but never sails through it. */
  ports: Set<string>
}

/** Every lane must name known places. */
function buildSeaGraph(regions: SeaRegion[], ports: { code: string; latitude: number; longitude: number }[]) {
  const positions = new Map<string, Point>()
  for (const port of ports) positions.set(port.code, [port.latitude, port.longitude])
  for (const region of regions)
    for (const [name, point] of Object.entries(region.waypoints)) {
      if (positions.has(name)) throw new Error(`Sea waypoint ${name} is defined twice`)
      positions.set(name, point)
    }
  const edges = new Map<string, Edge[]>([...positions.keys()].map((name) => [name, []]))
  const join = (a: string, b: string) => {
    const from = positions.get(a)
    const to = positions.get(b)
    if (!from || !to) throw new Error(`Sea lane ${a} – ${b} names an unknown place`)
    if (a === b || edges.get(a)?.some((edge) => edge.to === b)) return
    const km = distanceKm(from, to)
    edges.get(a)?.push({ to: b, km })
    edges.get(b)?.push({ to: a, km })
  }
  for (const region of regions)
    for (const lane of region.lanes) for (let i = 1; i < lane.length; i++) join(lane[i - 1], lane[i])
  return { positions, edges, ports: new Set(ports.map((p) => p.code)) } satisfies SeaGraph
}

const SEA_REGIONS = [EAST_ASIA, INDIAN_OCEAN, EUROPE, ATLANTIC, US_EAST, AMERICAS_PACIFIC, PACIFIC]

export const SEA_GRAPH: SeaGraph = buildSeaGraph(
  SEA_REGIONS,
  PORTS.filter((port) => !port.inland),
)

export const seaEdges = (graph: SeaGraph = SEA_GRAPH) =>
  [...graph.edges].flatMap(([from, edges]) =>
    edges.filter((edge) => from < edge.to).map((edge) => [from, edge.to] as const),
  )
