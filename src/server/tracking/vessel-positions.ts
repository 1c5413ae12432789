import { positionAlong, seaRoute } from './sea-routes'
import { type Leg, revisedValue, type ShipmentPlan } from './voyage-plan'

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

/**
 * Where a vessel on a leg will be from `now` to its arrival, every `stepHours` and at the arrival itself,
 * at the pace the plan sails it; empty when the ports have no sea route.
 */
export function forecastOnLeg(
  leg: Pick<Leg, 'from' | 'to' | 'departAt' | 'arriveAt'>,
  now: number,
  stepHours = 6,
) {
  const route = seaRoute(leg.from, leg.to)
  if (!route) return []
  const duration = Math.max(1, leg.arriveAt - leg.departAt)
  const at = (time: number) => {
    const { latitude, longitude, headingDegrees } = positionAlong(route, (time - leg.departAt) / duration)
    return { latitude, longitude, heading: Math.round(headingDegrees) % 360, timestamp: time }
  }
  const times: number[] = []
  for (let time = Math.max(now, leg.departAt); time < leg.arriveAt; time += stepHours * 3_600_000)
    times.push(time)
  return [...times.map(at), at(leg.arriveAt)]
}

/**
 * The range the port-of-discharge arrival may fall in, from the plan: every ETA the line publishes over the
 * voyage and the vessel's own arrival; likely is the ETA in force at `now`.
 */
export function etaRange(plan: Pick<ShipmentPlan, 'legs' | 'eta'>, now: number) {
  const arrival = plan.legs.at(-1)!.arriveAt
  if (arrival <= now) return { earliest: arrival, likely: arrival, latest: arrival }
  const likely = revisedValue(plan.eta, now) ?? arrival
  const candidates = [likely, arrival, ...plan.eta.map((r) => r.value)]
  return { earliest: Math.min(...candidates), likely, latest: Math.max(...candidates) }
}

/** Where the shipment's vessels will be from `now` to the port of discharge, leg after leg. */
export const forecastToPod = (plan: Pick<ShipmentPlan, 'legs'>, now: number) =>
  plan.legs.filter((leg) => leg.arriveAt > now).flatMap((leg) => forecastOnLeg(leg, now))
