import { positionAlong, seaRoute } from './sea-routes'
import type { Leg, ShipmentPlan } from './voyage-plan'

export type VesselPosition = {
  latitude: number
  longitude: number
  headingDegrees: number
  speedKnots: number
  departAt: number
}

/** Where a vessel sailing a leg is at `now`, along the sea route, or undefined when it is not at sea on it. */
function positionOnLeg(leg: Leg, now: number): VesselPosition | undefined {
  if (now < leg.departAt || now >= leg.arriveAt) return undefined
  const route = seaRoute(leg.from, leg.to)
  if (!route) return undefined
  const hours = (leg.arriveAt - leg.departAt) / 3_600_000
  return {
    ...positionAlong(route, (now - leg.departAt) / (leg.arriveAt - leg.departAt)),
    speedKnots: Math.round((route.distanceKm / 1.852 / hours) * 10) / 10,
    departAt: leg.departAt,
  }
}

/** Each vessel at sea at `now` on any of these voyages, on the leg it set out on most recently. */
export function vesselsAtSea(plans: Pick<ShipmentPlan, 'legs'>[], now: number) {
  const positions = new Map<string, VesselPosition>()
  for (const plan of plans)
    for (const leg of plan.legs) {
      const position = positionOnLeg(leg, now)
      const known = positions.get(leg.vessel.id)
      if (position && (!known || known.departAt < position.departAt)) positions.set(leg.vessel.id, position)
    }
  return positions
}
