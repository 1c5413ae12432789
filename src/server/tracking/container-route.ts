import { distanceKm, interpolate, type Point } from './geo'
import { legPath, positionOnLeg } from './leg-track'
import { type PlanPlace, revisedValue, type ShipmentPlan } from './voyage-plan'

export type RouteTime = { at: number; actual: boolean }

export type RoutePort = {
  sequence: number
  label: string
  place: PlanPlace
  arrival: RouteTime | null
  departure: RouteTime | null
}

export type RouteLeg = {
  sequence: number
  vessel: ShipmentPlan['legs'][number]['vessel']
  voyageNumber: string
  from: RoutePort
  to: RoutePort
  state: 'sailed' | 'at_sea' | 'planned'
  sailed: Point[]
  ahead: Point[]
  position: { point: Point; headingDegrees: number; speedKnots: number; at: number } | null
}

const time = (at: number | undefined, now: number): RouteTime | null =>
  at === undefined ? null : { at, actual: at <= now }

function split(points: Point[], fraction: number): [Point[], Point[]] {
  const total = points.slice(1).reduce((sum, p, i) => sum + distanceKm(points[i], p), 0)
  const target = Math.min(1, Math.max(0, fraction)) * total
  let travelled = 0
  for (let i = 1; i < points.length; i++) {
    const leg = distanceKm(points[i - 1], points[i])
    if (travelled + leg >= target) {
      const at = interpolate(points[i - 1], points[i], leg === 0 ? 1 : (target - travelled) / leg)
      return [
        [...points.slice(0, i), at],
        [at, ...points.slice(i)],
      ]
    }
    travelled += leg
  }
  return [points, [points.at(-1)!]]
}

/** The discharge port's arrival follows the line's latest ETA. */
export function containerRoute(plan: ShipmentPlan, now: number) {
  const places = [plan.pol, ...(plan.transshipment ? [plan.transshipment] : []), plan.pod]
  const lastLeg = plan.legs.length - 1
  const ports: RoutePort[] = places.map((place, i) => {
    const inbound = plan.legs[i - 1]
    const outbound = plan.legs[i]
    const arriveAt =
      i - 1 === lastLeg ? (revisedValue(plan.eta, now) ?? inbound?.arriveAt) : inbound?.arriveAt
    return {
      sequence: i + 1,
      label: i === 0 ? 'POL' : i === places.length - 1 ? 'POD' : `TS${i}`,
      place,
      arrival: inbound ? time(inbound.arriveAt <= now ? inbound.arriveAt : arriveAt, now) : null,
      departure: time(outbound?.departAt, now),
    }
  })
  const legs = plan.legs.flatMap((leg, i): RouteLeg[] => {
    const from = ports[i]
    const to = ports[i + 1]
    if (!from || !to) return []
    const route = legPath(leg)
    const points = route?.points ?? []
    const state = now >= leg.arriveAt ? 'sailed' : now >= leg.departAt ? 'at_sea' : 'planned'
    const along = state === 'at_sea' ? positionOnLeg(leg, now) : undefined
    const fraction =
      state === 'sailed' ? 1 : !along || !route ? 0 : along.km / Math.max(route.distanceKm, 0.001)
    const [sailed, ahead] = points.length > 1 ? split(points, fraction) : [[], []]
    return [
      {
        sequence: from.sequence,
        vessel: leg.vessel,
        voyageNumber: leg.voyageNumber ?? plan.voyageNumber,
        from,
        to,
        state,
        sailed: state === 'planned' ? [] : sailed,
        ahead: state === 'sailed' ? [] : ahead,
        position: along
          ? {
              point: [along.latitude, along.longitude],
              headingDegrees: Math.round(along.headingDegrees) % 360,
              speedKnots: along.speedKnots,
              at: now,
            }
          : null,
      },
    ]
  })
  return { ports, legs }
}
export type ContainerRoute = ReturnType<typeof containerRoute>
