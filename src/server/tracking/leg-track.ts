import { distanceKm, type Point } from './geo'
import { positionAlong, type SeaRoute, seaRoute } from './sea-routes'
import type { Leg } from './voyage-plan'

export type LegTimes = Pick<Leg, 'from' | 'to' | 'departAt' | 'arriveAt' | 'calls'>

type Passage = { route: SeaRoute; departAt: number; arriveAt: number; startKm: number }

export type LegPosition = {
  latitude: number
  longitude: number
  headingDegrees: number
  speedKnots: number
  km: number
}

export function passagesOf(leg: LegTimes): Passage[] | undefined {
  const stops = [
    { code: leg.from, arriveAt: leg.departAt, departAt: leg.departAt },
    ...(leg.calls ?? []),
    { code: leg.to, arriveAt: leg.arriveAt, departAt: leg.arriveAt },
  ]
  const passages: Passage[] = []
  let startKm = 0
  for (let i = 1; i < stops.length; i++) {
    const route = seaRoute(stops[i - 1].code, stops[i].code)
    if (!route) return undefined
    passages.push({ route, departAt: stops[i - 1].departAt, arriveAt: stops[i].arriveAt, startKm })
    startKm += route.distanceKm
  }
  return passages
}

export function legPath(leg: LegTimes): { points: Point[]; distanceKm: number } | undefined {
  const passages = passagesOf(leg)
  if (!passages) return undefined
  const points = passages.flatMap((p, i) => (i === 0 ? p.route.points : p.route.points.slice(1)))
  return { points, distanceKm: passages.reduce((sum, p) => sum + p.route.distanceKm, 0) }
}

const headingOf = (route: SeaRoute, fraction: number) => positionAlong(route, fraction).headingDegrees

/** Undefined before it sets out, at the end, and when a port has no route. */
export function positionOnLeg(leg: LegTimes, at: number): LegPosition | undefined {
  if (at < leg.departAt || at >= leg.arriveAt) return undefined
  const passages = passagesOf(leg)
  if (!passages) return undefined
  for (const [i, passage] of passages.entries()) {
    if (at >= passage.arriveAt) continue
    if (at < passage.departAt) {
      const [latitude, longitude] = passage.route.points[0]
      const previous = passages[i - 1]
      const heading = previous ? headingOf(previous.route, 1) : headingOf(passage.route, 0)
      return { latitude, longitude, headingDegrees: heading, speedKnots: 0, km: passage.startKm }
    }
    const hours = (passage.arriveAt - passage.departAt) / 3_600_000
    const fraction = (at - passage.departAt) / (passage.arriveAt - passage.departAt)
    const along = positionAlong(passage.route, fraction)
    return {
      latitude: along.latitude,
      longitude: along.longitude,
      headingDegrees: along.headingDegrees,
      speedKnots: Math.round((passage.route.distanceKm / 1.852 / hours) * 10) / 10,
      km: passage.startKm + fraction * passage.route.distanceKm,
    }
  }
  return undefined
}

export const knotsBetween = (a: Point, b: Point, ms: number) =>
  ms <= 0
    ? distanceKm(a, b) < 0.01
      ? 0
      : Number.POSITIVE_INFINITY
    : distanceKm(a, b) / 1.852 / (ms / 3_600_000)
