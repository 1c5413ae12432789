import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { describe, expect, it } from 'vitest'
import landTopology from 'world-atlas/land-50m.json' with { type: 'json' }
import { distanceKm, interpolate, type Point } from './geo'
import { SEA_GRAPH, seaEdges } from './sea-network'
import { futurePositions, positionAlong, seaRoute, seaRouteFromPosition } from './sea-routes'

type Edge = [x1: number, y1: number, x2: number, y2: number]

/**
 * Natural Earth 1:50m land as outer rings, their edges bucketed by whole degree of latitude so a
 * point-in-polygon test reads only the edges its ray can cross. Rings that cross ±180° (Fiji, Chukotka,
 * Antarctica) lie off every lane and are left out.
 */
function landMask() {
  const topology = landTopology as unknown as Topology<{ land: GeometryCollection }>
  const land = feature(topology, topology.objects.land)
  const rings = land.features
    .flatMap((f) =>
      f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates]
        : f.geometry.type === 'MultiPolygon'
          ? f.geometry.coordinates
          : [],
    )
    .map((polygon) => polygon[0])
    .filter((ring) => ring.every((p, i) => i === 0 || Math.abs(p[0] - ring[i - 1][0]) < 180))
  const bands = new Map<number, Edge[][]>()
  rings.forEach((ring, r) => {
    for (let i = 1; i < ring.length; i++) {
      const edge: Edge = [ring[i - 1][0], ring[i - 1][1], ring[i][0], ring[i][1]]
      for (let band = Math.floor(Math.min(edge[1], edge[3])); band <= Math.max(edge[1], edge[3]); band++) {
        const byRing = bands.get(band) ?? []
        bands.set(band, byRing)
        byRing[r] ??= []
        byRing[r].push(edge)
      }
    }
  })
  return ([lat, lon]: Point) =>
    (bands.get(Math.floor(lat)) ?? []).some((edges) => {
      let inside = false
      for (const [x1, y1, x2, y2] of edges)
        if (y1 > lat !== y2 > lat && lon < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) inside = !inside
      return inside
    })
}

/** Canals, rivers and narrow channels that ships sail but that Natural Earth at 1:50m draws as land. */
const WATERWAYS: Record<string, [south: number, west: number, north: number, east: number]> = {
  'Suez Canal': [29.85, 32.2, 31.35, 32.65],
  'Panama Canal': [8.85, -80.0, 9.45, -79.5],
  'Mississippi below New Orleans': [28.9, -90.1, 30.0, -89.0],
  'Elbe to Hamburg': [53.5, 8.9, 54.0, 10.0],
  'Delaware River to Philadelphia': [39.3, -75.7, 40.0, -75.1],
  'Zhoushan channels to Ningbo': [29.7, 121.9, 30.1, 122.6],
  'Kill Van Kull and the Narrows': [40.55, -74.2, 40.7, -74.0],
  'Savannah River': [31.95, -81.15, 32.12, -80.85],
  'Puget Sound at Tacoma': [47.25, -122.55, 47.45, -122.3],
}

const inWaterway = ([lat, lon]: Point) =>
  Object.values(WATERWAYS).some(([s, w, n, e]) => lat >= s && lat <= n && lon >= w && lon <= e)

describe('seaRoute', () => {
  it('crosses the Pacific from Shanghai to Los Angeles, about 10,500 km', () => {
    const route = seaRoute('CNSHA', 'USLAX')!
    expect(route.distanceKm).toBeGreaterThan(10_500 * 0.85)
    expect(route.distanceKm).toBeLessThan(10_500 * 1.15)
    const crossesTheDateLine = route.points.some(
      ([, lon], i) => i > 0 && (Math.abs(lon) === 180 || Math.abs(lon - route.points[i - 1][1]) > 180),
    )
    expect(crossesTheDateLine).toBe(true)
    expect(route.points.every(([lat]) => lat > 25)).toBe(true)
  })

  it('sails Rotterdam to Singapore through Suez, about 15,500 km', () => {
    const route = seaRoute('NLRTM', 'SGSIN')!
    expect(route.distanceKm).toBeGreaterThan(15_500 * 0.85)
    expect(route.distanceKm).toBeLessThan(15_500 * 1.15)
    const [s, w, n, e] = WATERWAYS['Suez Canal']
    expect(route.points.some(([lat, lon]) => lat >= s && lat <= n && lon >= w && lon <= e)).toBe(true)
  })

  it('is the same length both ways', () => {
    expect(seaRoute('USNYC', 'CNYTN')!.distanceKm).toBeCloseTo(seaRoute('CNYTN', 'USNYC')!.distanceKm, 3)
  })

  it('knows no route to an inland rail ramp', () => {
    expect(seaRoute('CNSHA', 'USCHI')).toBeUndefined()
  })

  it('never crosses land on any lane of the network, outside canals and rivers', () => {
    const onLand = landMask()
    const crossings: string[] = []
    for (const [a, b] of seaEdges()) {
      const from = SEA_GRAPH.positions.get(a)!
      const to = SEA_GRAPH.positions.get(b)!
      const steps = Math.ceil(distanceKm(from, to) / 5)
      for (let k = 0; k <= steps; k++) {
        const point = interpolate(from, to, k / steps)
        const nearPort = [a, b].some(
          (end) => SEA_GRAPH.ports.has(end) && distanceKm(point, SEA_GRAPH.positions.get(end)!) < 30,
        )
        if (nearPort || inWaterway(point)) continue
        if (onLand(point)) crossings.push(`${a} – ${b} at ${point[0].toFixed(2)},${point[1].toFixed(2)}`)
      }
    }
    expect(crossings).toEqual([])
  })
})

describe('positions along a route', () => {
  it('starts at the first port, ends at the last, and heads the way it sails', () => {
    const route = seaRoute('CNSHA', 'USLAX')!
    expect(positionAlong(route, 0).latitude).toBeCloseTo(route.points[0][0], 6)
    const end = positionAlong(route, 1)
    expect(end.latitude).toBeCloseTo(33.73, 1)
    expect(end.longitude).toBeCloseTo(-118.26, 1)
    const middle = positionAlong(route, 0.5)
    expect(middle.headingDegrees).toBeGreaterThan(45)
    expect(middle.headingDegrees).toBeLessThan(135)
  })

  it('forecasts every six hours at the vessel speed from a position at sea and ends at the port', () => {
    const start = new Date('2026-11-22T00:00:00Z')
    const route = seaRouteFromPosition([38.5, 165], 'USLAX', 'CNSHA')!
    const positions = futurePositions(route, 18, start)
    expect(positions[1].timestamp.getTime() - positions[0].timestamp.getTime()).toBe(6 * 3_600_000)
    expect(positions.at(-1)!.latitude).toBeCloseTo(33.73, 1)
    expect(positions.at(-1)!.longitude).toBeCloseTo(-118.26, 1)
    for (const p of positions) {
      expect(p.heading).toBeGreaterThanOrEqual(0)
      expect(p.heading).toBeLessThan(360)
    }
    const days = (positions.at(-1)!.timestamp.getTime() - start.getTime()) / 86_400_000
    const expectedDays = route.distanceKm / (18 * 1.852 * 24)
    expect(days).toBeCloseTo(expectedDays, 3)
    expect(days).toBeGreaterThan(5)
    expect(days).toBeLessThan(12)
  })
})
