import { callEta, type Fleet, type FleetVessel, type Rotation, SERVICES } from './fleet'
import type { Leg, Revision } from './voyage-plan'

const DAY = 86_400_000
const HUBS = ['KRPUS', 'PAMIT', 'MAPTM']
const isUs = (code: string) => code.startsWith('US')
/** At Panama cargo only changes vessels. */
const isOrigin = (code: string) => !isUs(code) && code !== 'PAMIT'

export type Lane = { pol: string; hub: string | null; pod: string }

export type Sailing = { lane: Lane; legs: Leg[]; berthedAt: number; eta: Revision[] }

function importPairs(test: (from: string, to: string) => boolean, feeders = false) {
  const pairs: { from: string; to: string }[] = []
  for (const service of SERVICES) {
    if (service.feeder && !feeders) continue
    const ports = service.ports.slice(0, service.importEnd + 1)
    for (const [i, from] of ports.entries())
      for (const to of ports.slice(i + 1)) if (test(from, to)) pairs.push({ from, to })
  }
  return pairs
}

const unique = (lanes: Lane[]) => [...new Map(lanes.map((l) => [`${l.pol}>${l.hub}>${l.pod}`, l])).values()]

export const DIRECT_LANES: Lane[] = unique(
  importPairs((from, to) => isOrigin(from) && isUs(to)).map(({ from, to }) => ({
    pol: from,
    hub: null,
    pod: to,
  })),
)
export const TRANSSHIPMENT_LANES: Lane[] = unique(
  importPairs((from, to) => isOrigin(from) && HUBS.includes(to)).flatMap(({ from, to: hub }) =>
    importPairs((a, b) => a === hub && isUs(b), true).map(({ to }) => ({ pol: from, hub, pod: to })),
  ),
)

function legOf(rotation: Rotation, from: number, to: number): Sailing {
  const { vessel, calls } = rotation
  const leg: Leg = {
    vessel: { id: vessel.id, name: vessel.name, imo: vessel.imo },
    voyageNumber: rotation.voyages[to <= vessel.service.importEnd ? 0 : 1],
    from: calls[from].code,
    to: calls[to].code,
    departAt: calls[from].departAt,
    arriveAt: calls[to].arriveAt,
    calls: calls.slice(from + 1, to).map(({ code, arriveAt, departAt }) => ({ code, arriveAt, departAt })),
  }
  const lane = { pol: leg.from, hub: null, pod: leg.to }
  return { lane, legs: [leg], berthedAt: calls[to].berthedAt, eta: callEta(rotation, to) }
}

type Booking = { rotation: Rotation; from: number; to: number; departAt: number }

function sailingsBetween(fleet: Fleet, from: string, to: string, window: [number, number]) {
  const found: Booking[] = []
  for (const vessel of fleet.vessels) {
    const ports = vessel.service.ports
    const i = ports.indexOf(from)
    const j = ports.indexOf(to)
    if (i < 0 || j <= i || j > vessel.service.importEnd) continue
    for (const rotation of fleet.rotationsBetween(vessel, window[0], window[1])) {
      const departAt = rotation.calls[i].departAt
      if (departAt >= window[0] && departAt <= window[1]) found.push({ rotation, from: i, to: j, departAt })
    }
  }
  if (found.length === 0) throw new Error(`No service sails from ${from} to ${to}`)
  return found
}

const WIDEST = 70 * DAY

function sailingNear(fleet: Fleet, from: string, to: string, near: number) {
  const gap = (b: Booking) => Math.abs(b.departAt - near)
  const best = sailingsBetween(fleet, from, to, [near - WIDEST, near + WIDEST]).reduce((best, b) =>
    gap(b) < gap(best) ? b : best,
  )
  return legOf(best.rotation, best.from, best.to)
}

function sailingAfter(fleet: Fleet, from: string, to: string, after: number) {
  const first = sailingsBetween(fleet, from, to, [after, after + WIDEST]).reduce((best, b) =>
    b.departAt < best.departAt ? b : best,
  )
  return legOf(first.rotation, first.from, first.to)
}

/** A transshipment takes the first onward sailing. */
export function sailLane(fleet: Fleet, lane: Lane, near: number): Sailing {
  if (!lane.hub) return { ...sailingNear(fleet, lane.pol, lane.pod, near), lane }
  const first = sailingNear(fleet, lane.pol, lane.hub, near)
  // a day at the hub at least: discharged from one vessel and loaded on the next
  const onward = sailingAfter(fleet, lane.hub, lane.pod, first.legs[0].arriveAt + DAY + DAY / 2)
  return { ...onward, lane, legs: [first.legs[0], onward.legs[0]] }
}

export function sailingsAround(fleet: Fleet, at: number, arrival: boolean, count: number) {
  const found: { sailing: Sailing; gap: number }[] = []
  const consider = (vessel: FleetVessel, rotation: Rotation) => {
    const ports = vessel.service.ports.slice(0, vessel.service.importEnd + 1)
    const origins = ports.flatMap((code, i) => (isOrigin(code) ? [i] : []))
    if (vessel.service.feeder || origins.length === 0) return
    const usPorts = ports.flatMap((code, j) => (isUs(code) && j > origins[0] ? [j] : []))
    const pick = <T>(items: T[], n: number) => items[(rotation.cycle + n) % items.length]
    const pairs = arrival
      ? usPorts.map((j) => [
          pick(
            origins.filter((i) => i < j),
            j,
          ),
          j,
        ])
      : origins.map((i) => [
          i,
          pick(
            usPorts.filter((j) => j > i),
            i,
          ),
        ])
    for (const [i, j] of pairs) {
      const sailing = legOf(rotation, i, j)
      const time = arrival ? sailing.berthedAt : sailing.legs[0].departAt
      found.push({ sailing, gap: Math.abs(time - at) })
    }
  }
  for (const vessel of fleet.vessels)
    for (const rotation of fleet.rotationsBetween(vessel, at - WIDEST, at + WIDEST))
      consider(vessel, rotation)
  return found
    .sort((a, b) => a.gap - b.gap)
    .slice(0, count)
    .map((f) => f.sailing)
}
