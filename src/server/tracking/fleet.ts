import { seaRoute } from './sea-routes'
import { seededRandom } from './seeded-random'
import type { PlanVessel, Revision } from './voyage-plan'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const KM_PER_HOUR_PER_KNOT = 1.852
/** So a vessel's schedule is the same whatever day it is asked about. */
const EPOCH = Date.UTC(2024, 0, 1)
/** A delay moves the rest of the rotation, never the next one. */
const RECOVERY = 4 * DAY

/** `feeder` services carry only onward transshipments. */
export type Service = {
  name: string
  ports: string[]
  importEnd: number
  directions: [string, string]
  vessels: number
  feeder?: boolean
}

/** Their vessel counts add up to the reference fleet of 24. */
export const SERVICES: Service[] = [
  {
    name: 'PSW',
    ports: ['HKHKG', 'CNYTN', 'CNSHA', 'CNNGB', 'USLAX', 'USLGB', 'USOAK'],
    importEnd: 6,
    directions: ['E', 'W'],
    vessels: 4,
  },
  {
    name: 'PNW',
    ports: ['VNSGN', 'TWKHH', 'CNQIN', 'KRPUS', 'USSEA', 'USTIW'],
    importEnd: 5,
    directions: ['E', 'W'],
    vessels: 3,
  },
  {
    name: 'AEC',
    ports: [
      'SGSIN',
      'VNSGN',
      'HKHKG',
      'CNYTN',
      'CNSHA',
      'KRPUS',
      'PAMIT',
      'USSAV',
      'USNYC',
      'USORF',
      'USBAL',
    ],
    importEnd: 10,
    directions: ['E', 'W'],
    vessels: 4,
  },
  {
    name: 'AGX',
    ports: ['CNNGB', 'CNSHA', 'KRPUS', 'PAMIT', 'USHOU', 'USMSY', 'USMOB'],
    importEnd: 6,
    directions: ['E', 'W'],
    vessels: 3,
  },
  {
    name: 'TA1',
    ports: ['DEHAM', 'NLRTM', 'BEANR', 'GBFXT', 'USNYC', 'USPHL', 'USORF', 'USSAV', 'USJAX'],
    importEnd: 8,
    directions: ['W', 'E'],
    vessels: 3,
  },
  {
    name: 'MUS',
    ports: ['ITGOA', 'ESVLC', 'MAPTM', 'USNYC', 'USBOS', 'USBAL', 'USORF', 'USMIA'],
    importEnd: 7,
    directions: ['W', 'E'],
    vessels: 2,
  },
  {
    name: 'EGS',
    ports: ['DEHAM', 'NLRTM', 'MAPTM', 'USMIA', 'USHOU', 'USMSY', 'USPOT'],
    importEnd: 6,
    directions: ['W', 'E'],
    vessels: 2,
  },
  {
    name: 'SAE',
    ports: ['BRSSZ', 'USPEF', 'USMIA', 'USJAX', 'USSAV', 'USNYC'],
    importEnd: 5,
    directions: ['N', 'S'],
    vessels: 2,
  },
  {
    name: 'CGF',
    ports: ['PAMIT', 'USMOB', 'USHOU', 'USMSY', 'USPEF'],
    importEnd: 4,
    directions: ['N', 'S'],
    vessels: 1,
    feeder: true,
  },
]

type Call = { code: string; index: number; arriveAt: number; berthedAt: number; departAt: number }

export type Rotation = {
  vessel: FleetVessel
  cycle: number
  calls: Call[]
  voyages: [string, string]
  scheduled: number[]
}

export type FleetVessel = PlanVessel & {
  service: Service
  knots: number
  periodMs: number
  phaseMs: number
  order: number
}

const passageMs = (from: string, to: string, knots: number) => {
  const route = seaRoute(from, to)
  if (!route) throw new Error(`No sea route from ${from} to ${to}`)
  return Math.round((route.distanceKm / (knots * KM_PER_HOUR_PER_KNOT)) * 60) * 60_000
}

function fleetVessels(vessels: PlanVessel[]): FleetVessel[] {
  const sorted = [...vessels].sort((a, b) => a.name.localeCompare(b.name))
  const services = SERVICES.flatMap((service) =>
    Array.from({ length: service.vessels }, (_, slot) => ({ service, slot })),
  )
  return sorted.map((vessel, order) => {
    const { service, slot } = services[order % services.length]
    const knots = Math.round((15 + seededRandom(`class:${vessel.name}`).next() * 5) * 10) / 10
    const ports = service.ports
    const sailing = ports.reduce(
      (sum, code, i) => sum + passageMs(code, ports[(i + 1) % ports.length], knots),
      0,
    )
    const periodMs = Math.ceil((sailing + ports.length * 2 * DAY + RECOVERY) / DAY) * DAY
    return {
      ...vessel,
      service,
      knots,
      periodMs,
      phaseMs: Math.round((slot / service.vessels) * periodMs),
      order,
    }
  })
}

/** A delay at a port pushes back every later call of the turn. */
function rotation(vessel: FleetVessel, cycle: number): Rotation {
  const random = seededRandom(`rotation:${vessel.name}:${cycle}`)
  const ports = vessel.service.ports
  const calls: Call[] = []
  const scheduled: number[] = []
  let at = EPOCH + vessel.phaseMs + cycle * vessel.periodMs
  let nominal = at
  let delayed = 0
  for (const [index, code] of ports.entries()) {
    const anchorage = random.int(2, 14) * HOUR
    const alongside = random.int(18, 30) * HOUR
    const delay = random.chance(0.2) ? Math.min(random.int(6, 60) * HOUR, RECOVERY - DAY - delayed) : 0
    delayed += delay
    calls.push({
      code,
      index,
      arriveAt: at,
      berthedAt: at + anchorage,
      departAt: at + anchorage + alongside + delay,
    })
    scheduled.push(nominal)
    if (index === ports.length - 1) break
    const passage = passageMs(code, ports[index + 1], vessel.knots)
    nominal += anchorage + alongside + passage
    at = calls[index].departAt + passage
  }
  const number = String(((((cycle * 7 + vessel.order * 41) % 900) + 900) % 900) + 100)
  const [importing, returning] = vessel.service.directions
  return { vessel, cycle, calls, voyages: [`${number}${importing}`, `${number}${returning}`], scheduled }
}

export function callEta(rotation: Rotation, index: number): Revision[] {
  const random = seededRandom(`eta:${rotation.vessel.name}:${rotation.cycle}:${index}`)
  const roundHour = (t: number) => Math.round(t / HOUR) * HOUR
  const arriveAt = rotation.calls[index].arriveAt
  const start = rotation.calls[0].departAt
  const original = roundHour(rotation.scheduled[index])
  const revisions: Revision[] = [{ at: start - random.int(3, 10) * DAY, value: original }]
  for (const fraction of [0.3, 0.6, 0.85].slice(0, random.int(1, 3))) {
    const at = Math.round(start + (arriveAt - start) * fraction)
    const value = roundHour(original + (arriveAt - original) * fraction + random.int(-6, 6) * HOUR)
    if (value !== revisions.at(-1)!.value && at > revisions.at(-1)!.at) revisions.push({ at, value })
  }
  revisions.push({ at: arriveAt - random.int(12, 36) * HOUR, value: roundHour(arriveAt) })
  return revisions
}

export type Fleet = ReturnType<typeof createFleet>

/** The same schedule for every caller. */
export function createFleet(vessels: PlanVessel[]) {
  const fleet = fleetVessels(vessels)
  const cache = new Map<string, Rotation>()
  const turn = (vessel: FleetVessel, cycle: number) => {
    const key = `${vessel.order}:${cycle}`
    let found = cache.get(key)
    if (!found) {
      found = rotation(vessel, cycle)
      cache.set(key, found)
    }
    return found
  }
  const cycleAt = (vessel: FleetVessel, at: number) =>
    Math.floor((at - EPOCH - vessel.phaseMs) / vessel.periodMs)
  return {
    vessels: fleet,
    rotation: turn,
    rotationAt: (vessel: FleetVessel, at: number) => turn(vessel, cycleAt(vessel, at)),
    rotationsBetween(vessel: FleetVessel, from: number, until: number) {
      const turns: Rotation[] = []
      for (let cycle = cycleAt(vessel, from) - 1; cycle <= cycleAt(vessel, until); cycle++)
        turns.push(turn(vessel, cycle))
      return turns
    },
    byId: new Map(fleet.map((v) => [v.id, v])),
  }
}
