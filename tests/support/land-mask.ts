import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import landTopology from 'world-atlas/land-50m.json' with { type: 'json' }

/** [latitude, longitude] */
type Point = [number, number]
type Edge = [x1: number, y1: number, x2: number, y2: number]

/**
 * Natural Earth 1:50m land as outer rings, their edges bucketed by whole degree of latitude so a
 * point-in-polygon test reads only the edges its ray can cross. Rings that cross ±180° (Fiji, Chukotka,
 * Antarctica) lie off every lane and are left out.
 */
export function landMask() {
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
export const WATERWAYS: Record<string, [south: number, west: number, north: number, east: number]> = {
  'Suez Canal': [29.85, 32.2, 31.35, 32.65],
  'Panama Canal': [8.85, -80.0, 9.45, -79.5],
  'Mississippi below New Orleans': [28.9, -90.1, 30.0, -89.0],
  'Elbe to Hamburg': [53.5, 8.9, 54.0, 10.0],
  'Delaware River to Philadelphia': [39.3, -75.7, 40.0, -75.1],
  'Zhoushan channels to Ningbo': [29.7, 121.9, 30.1, 122.6],
  'Kill Van Kull and the Narrows': [40.55, -74.2, 40.7, -74.0],
  'Savannah River': [31.95, -81.15, 32.12, -80.85],
  'Puget Sound, Tacoma to Seattle': [47.25, -122.55, 47.75, -122.3],
}

export const inWaterway = ([lat, lon]: Point) =>
  Object.values(WATERWAYS).some(([s, w, n, e]) => lat >= s && lat <= n && lon >= w && lon <= e)
