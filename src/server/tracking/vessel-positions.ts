import type { Fleet, FleetVessel } from './fleet'
import { type LegTimes, passagesOf, positionOnLeg } from './leg-track'
import { positionAlong } from './sea-routes'
import { revisedValue, type ShipmentPlan } from './voyage-plan'

export type VesselPosition = {
  latitude: number
  longitude: number
  headingDegrees: number
  speedKnots: number
  departAt: number
}

function onLeg(leg: LegTimes, now: number): VesselPosition | undefined {
  const position = positionOnLeg(leg, now)
  return position && { ...position, departAt: leg.departAt }
}

/** Empty when the ports have no sea route. */
export function forecastOnLeg(leg: LegTimes, now: number, stepHours = 6) {
  if (!passagesOf(leg)) return []
  const at = (time: number) => {
    const position = positionOnLeg(leg, Math.max(time, leg.departAt))
    const [latitude, longitude, headingDegrees] = position
      ? [position.latitude, position.longitude, position.headingDegrees]
      : arrival(leg)
    return { latitude, longitude, heading: Math.round(headingDegrees) % 360, timestamp: time }
  }
  const start = Math.max(now, leg.departAt)
  const times = new Set<number>()
  for (let time = start; time < leg.arriveAt; time += stepHours * 3_600_000) times.add(time)
  for (const call of leg.calls ?? [])
    for (const time of [call.arriveAt, call.departAt])
      if (time > start && time < leg.arriveAt) times.add(time)
  return [...[...times].sort((a, b) => a - b).map(at), at(leg.arriveAt)]
}

function arrival(leg: LegTimes): [number, number, number] {
  const passages = passagesOf(leg)!
  const last = passages.at(-1)!.route
  const [latitude, longitude] = last.points.at(-1)!
  return [latitude, longitude, positionAlong(last, 1).headingDegrees]
}

/** Likely is the ETA in force at `now`. */
export function etaRange(plan: Pick<ShipmentPlan, 'legs' | 'eta'>, now: number) {
  const arrival = plan.legs.at(-1)!.arriveAt
  if (arrival <= now) return { earliest: arrival, likely: arrival, latest: arrival }
  const likely = revisedValue(plan.eta, now) ?? arrival
  const candidates = [likely, arrival, ...plan.eta.map((r) => r.value)]
  return { earliest: Math.min(...candidates), likely, latest: Math.max(...candidates) }
}

export const forecastToPod = (plan: Pick<ShipmentPlan, 'legs'>, now: number) =>
  plan.legs.filter((leg) => leg.arriveAt > now).flatMap((leg) => forecastOnLeg(leg, now))

function turnAt(fleet: Fleet, vessel: FleetVessel, now: number): LegTimes {
  const { calls, cycle } = fleet.rotationAt(vessel, now)
  const next = fleet.rotation(vessel, cycle + 1).calls[0]
  return {
    from: calls[0].code,
    to: next.code,
    departAt: calls[0].departAt,
    arriveAt: next.arriveAt,
    calls: calls.slice(1),
  }
}

export function fleetPositions(fleet: Fleet, now: number) {
  const positions = new Map<string, VesselPosition>()
  for (const vessel of fleet.vessels) {
    const turn = turnAt(fleet, vessel, now)
    const first = passagesOf(turn)?.[0]
    const position =
      now < turn.departAt && first
        ? {
            latitude: first.route.points[0][0],
            longitude: first.route.points[0][1],
            headingDegrees: 0,
            speedKnots: 0,
            departAt: turn.departAt,
          }
        : onLeg(turn, now)
    if (position) positions.set(vessel.id, position)
  }
  return positions
}
