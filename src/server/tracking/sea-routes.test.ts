import { describe, expect, it } from 'vitest'
import { inWaterway, landMask, WATERWAYS } from '../../../tests/support/land-mask'
import { distanceKm, interpolate } from './geo'
import { SEA_GRAPH, seaEdges } from './sea-network'
import { futurePositions, positionAlong, seaRoute, seaRouteFromPosition } from './sea-routes'

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
