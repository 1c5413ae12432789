import { containerCheckDigit } from '../../contract/container-number'
import type { DemurrageTariff } from '../storage/schema'
import { statusAt } from './container-state'
import { type ContainerScene, planContainer, type VoyageTimes } from './plan-container'
import { seaRoute } from './sea-routes'
import { type Random, seededRandom } from './seeded-random'
import { stableUuid } from './stable-id'
import type { Leg, PlanPlace, PlanVessel, Revision, ShipmentPlan } from './voyage-plan'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const KM_PER_DAY_PER_KNOT = 1.852 * 24

const ASIA = ['CNSHA', 'CNNGB', 'CNYTN', 'CNQIN', 'HKHKG', 'KRPUS', 'TWKHH', 'VNSGN', 'SGSIN', 'JPTYO']
const EUROPE = ['NLRTM', 'BEANR', 'DEHAM', 'GBFXT', 'ESVLC', 'ITGOA']
const WEST = ['USLAX', 'USLAX', 'USLGB', 'USLGB', 'USOAK', 'USSEA', 'USTIW']
const EAST = [
  'USNYC',
  'USNYC',
  'USSAV',
  'USSAV',
  'USORF',
  'USBAL',
  'USBOS',
  'USPHL',
  'USJAX',
  'USMIA',
  'USPEF',
]
const GULF = ['USHOU', 'USHOU', 'USMSY', 'USMOB', 'USPOT']
const OWNER_CODES: Record<string, string[]> = {
  MAEU: ['MSKU', 'MRKU', 'MAEU'],
  MSCU: ['MSCU', 'MEDU'],
  CMDU: ['CMAU', 'CGMU'],
  EGLV: ['EGHU', 'EISU'],
  HLCU: ['HLXU', 'HLBU'],
  ONEY: ['ONEU', 'TCLU'],
  COSU: ['CSNU', 'CBHU'],
  OOLU: ['OOLU', 'OOCU'],
  ZIMU: ['ZIMU', 'ZCSU'],
}

/** The reference data a plan is drawn from: the same rows the database holds. */
export type PlanningReference = {
  port: (code: string) => { id: string; code: string; name: string; time_zone: string } | undefined
  terminalIdsAt: (portId: string) => string[]
  vessels: PlanVessel[]
  /** A terminal's demurrage tariff, when it has one. */
  tariffOf?: (terminalId: string) => DemurrageTariff | null | undefined
}

/**
 * Where `now` falls in a demo shipment's life: this long after the first container's discharge, this long
 * before the vessel arrives, or amid a status of the first container; and its containers' particulars.
 * A scene's voyage has a rail leg only when it asks for one.
 */
export type Scene = {
  place: { dischargedAgo: number } | { arrivesIn: number } | { status: string }
  rail?: boolean
  containers: Omit<ContainerScene, 'now'>[]
}

export type Carrier = { scac: string; name: string; shortName: string | null; prefix: string | null }

export type PlanRequest = {
  carrier: Carrier
  now: Date
  /** Seeds every choice, so the same request plans the same shipment on every machine. */
  seed: string
  /** Seeds the ids, when the same choices must make a distinct shipment (the same number tracked again). */
  identity?: string
  /** Days from `now` within which the first vessel departs. */
  departureWithinDays: [number, number]
  billOfLading?: string
  firstContainerNumber?: string
  /** Places the voyage in time so that the first container is in this status at `now`. */
  targetStatus?: string
  /** Places the voyage and sets its containers' situation at `now` (see `Scene`). */
  scene?: Scene
}

const place = (reference: PlanningReference, code: string): PlanPlace => {
  const port = reference.port(code)
  if (!port) throw new Error(`Planning needs port ${code}, which the reference data lacks`)
  return { code: port.code, id: port.id, name: port.name, tz: port.time_zone }
}

function chooseLane(random: Random) {
  const region = random.next()
  const origin = region < 0.72 ? random.pick(ASIA) : region < 0.95 ? random.pick(EUROPE) : 'BRSSZ'
  const asian = ASIA.includes(origin)
  const pod = asian
    ? random.pick(random.chance(0.62) ? WEST : random.chance(0.75) ? EAST : GULF)
    : random.pick(origin === 'BRSSZ' || random.chance(0.8) ? EAST : GULF)
  const hub = asian ? (WEST.includes(pod) ? 'KRPUS' : 'PAMIT') : 'MAPTM'
  const transshipment = random.chance(0.25) && hub !== origin ? hub : null
  const railHeads = WEST.includes(pod)
    ? ['USCHI', 'USMEM', 'USDAL', 'USKCK']
    : ['USCHI', 'USCMH', 'USDET', 'USMEM']
  const inland =
    (WEST.includes(pod) || ['USNYC', 'USSAV', 'USORF', 'USBAL'].includes(pod)) && random.chance(0.28)
      ? random.pick(railHeads)
      : null
  return { origin, pod, transshipment, inland, west: WEST.includes(pod) }
}

function sail(vessel: PlanVessel, from: string, to: string, departAt: number, knots: number): Leg {
  const route = seaRoute(from, to)
  if (!route) throw new Error(`No sea route from ${from} to ${to}`)
  const arriveAt = departAt + (route.distanceKm / (knots * KM_PER_DAY_PER_KNOT)) * DAY
  return { vessel, from, to, departAt, arriveAt: Math.round(arriveAt / 60_000) * 60_000 }
}

/** How the line's ETA drifts from the original towards the real arrival while the vessel sails. */
function etaRevisions(departAt: number, arriveAt: number, random: Random): Revision[] {
  const roundHour = (t: number) => Math.round(t / HOUR) * HOUR
  const original = roundHour(arriveAt - random.int(-24, 96) * HOUR)
  const revisions: Revision[] = [{ at: departAt - random.int(3, 10) * DAY, value: original }]
  for (const fraction of [0.3, 0.6, 0.85].slice(0, random.int(1, 3))) {
    const at = departAt + (arriveAt - departAt) * fraction
    const value = roundHour(original + (arriveAt - original) * fraction + random.int(-6, 6) * HOUR)
    if (value !== revisions.at(-1)!.value) revisions.push({ at: Math.round(at), value })
  }
  revisions.push({ at: arriveAt - random.int(12, 36) * HOUR, value: roundHour(arriveAt) })
  return revisions
}

function buildPlan(reference: PlanningReference, request: PlanRequest, departAt: number): ShipmentPlan {
  const random = seededRandom(request.seed)
  const identity = request.identity ?? request.seed
  const lane = chooseLane(random)
  const [pol, pod] = [place(reference, lane.origin), place(reference, lane.pod)]
  const transshipment = lane.transshipment ? place(reference, lane.transshipment) : null
  const railHead = request.scene ? (request.scene.rail ? (lane.inland ?? 'USCHI') : null) : lane.inland
  const inland = railHead ? place(reference, railHead) : null
  const first = random.pick(reference.vessels)
  const second = random.pick(reference.vessels.filter((v) => v.id !== first.id))
  const knots = 16 + random.next() * 3.5
  const legs = transshipment
    ? [sail(first, pol.code, transshipment.code, departAt, knots)]
    : [sail(first, pol.code, pod.code, departAt, knots)]
  if (transshipment) {
    const onward = legs[0].arriveAt + random.int(2, 4) * DAY
    legs.push(sail(second, transshipment.code, pod.code, onward, 15 + random.next() * 4))
  }
  const arrivedAt = legs.at(-1)!.arriveAt
  const voyage: VoyageTimes = {
    pol,
    pod,
    transshipment,
    inland,
    legs,
    berthedAt: arrivedAt + random.int(2, 14) * HOUR,
  }
  const terminals = reference.terminalIdsAt(pod.id)
  if (terminals.length === 0) throw new Error(`Planning needs a terminal at ${pod.code}`)
  const podTerminalId = random.pick(terminals)
  const otherTerminals = terminals.filter((id) => id !== podTerminalId)
  const terminalChange =
    otherTerminals.length > 0 && random.chance(0.08)
      ? { at: arrivedAt - random.int(2, 6) * DAY, terminalId: random.pick(otherTerminals) }
      : null
  const { scac, prefix } = request.carrier
  const owners = OWNER_CODES[scac] ?? [`${scac.slice(0, 3)}U`]
  const count = Math.max(random.pick([1, 1, 1, 2, 2, 3, 4, 6]), request.scene?.containers.length ?? 0)
  const tariff = reference.tariffOf?.(podTerminalId) ?? null
  const scenes = request.scene?.containers
  const containers = Array.from({ length: count }, (_, index) => {
    const serial = `${random.pick(owners)}${random.int(100000, 999999)}`
    const containerId = random.uuid()
    const facts = {
      id: request.identity ? stableUuid(identity, 'container', index) : containerId,
      number:
        index === 0 && request.firstContainerNumber
          ? request.firstContainerNumber
          : `${serial}${containerCheckDigit(serial)}`,
      seal: random.chance(0.8)
        ? `${random.pick(['SL', 'ML', 'EU', 'CN'])}${random.int(1000000, 9999999)}`
        : null,
      equipment: {
        type: random.chance(0.1) ? 'reefer' : 'dry',
        length: random.pick([20, 40, 40, 40, 45]),
        height: random.chance(0.6) ? 'high_cube' : 'standard',
      },
      weightLbs: random.int(9000, 52000),
    }
    const scene = scenes?.[index] && { ...scenes[index], now: request.now.getTime() }
    return planContainer(
      facts,
      { ...voyage, tariff },
      seededRandom(`${request.seed}:container:${index}`),
      scene,
    )
  })
  const shipmentId = random.uuid()
  return {
    version: 1,
    seed: identity,
    shipmentId: request.identity ? stableUuid(identity, 'shipment') : shipmentId,
    carrier: { scac, name: request.carrier.name, shortName: request.carrier.shortName },
    billOfLading: request.billOfLading ?? `${prefix ?? scac}${random.int(100000000, 999999999)}`,
    pol,
    pod,
    transshipment,
    inland,
    podTerminalId,
    terminalChange,
    legs,
    voyageNumber: `${random.int(100, 999)}${random.pick(['E', 'W', 'N', 'S'])}`,
    berthedAt: voyage.berthedAt,
    eta: etaRevisions(departAt, arrivedAt, random),
    railScac: inland ? random.pick(lane.west ? ['UPRR', 'BNSF'] : ['NSRR', 'CSXT']) : null,
    // people start tracking anywhere from booking to arrival, so the newest-tracked are at every stage
    createdAt: Math.round(
      Math.min(
        departAt - 12 * DAY + random.next() * (arrivedAt - departAt + 14 * DAY),
        request.now.getTime() - random.int(1, 72) * HOUR,
      ),
    ),
    containers,
  }
}

/** The middle of the first stretch of time in which the container has `status`, if it ever does. */
function whenInStatus(plan: ShipmentPlan, status: string) {
  const container = plan.containers[0]
  const STEP = 3 * HOUR
  const from = container.milestones[0].at - DAY
  const until = container.emptyInAt + 3 * DAY
  let start: number | undefined
  for (let t = from; t < until; t += STEP) {
    const inStatus = statusAt(container, t) === status
    if (inStatus && start === undefined) start = t
    if (!inStatus && start !== undefined) return (start + t - STEP) / 2
  }
  // a last status (empty_returned) lasts to the end
  return start === undefined ? undefined : (start + until) / 2
}

/** How far to move a plan so that `now` falls where the scene puts it. */
function sceneShift(plan: ShipmentPlan, scene: Scene, now: number) {
  const { place } = scene
  const at =
    'dischargedAgo' in place
      ? plan.containers[0].dischargedAt + place.dischargedAgo
      : 'arrivesIn' in place
        ? plan.legs.at(-1)!.arriveAt - place.arrivesIn
        : (whenInStatus(plan, place.status) ?? now)
  return Math.round((now - at) / 60_000) * 60_000
}

/** Plans a shipment on a realistic lane with 1 to 6 containers; the same request always plans the same. */
export function planShipment(reference: PlanningReference, request: PlanRequest) {
  const [min, max] = request.departureWithinDays
  const draw = seededRandom(`${request.seed}:departure`)
  const now = request.now.getTime()
  let departAt = Math.round((now + (min + draw.next() * (max - min)) * DAY) / 60_000) * 60_000
  const hit = (plan: ShipmentPlan) =>
    request.targetStatus !== undefined && statusAt(plan.containers[0], now) === request.targetStatus
  if (request.scene) {
    // times move by whole minutes, so the moved plan's discharge and arrival land exactly where asked
    const first = buildPlan(reference, request, departAt)
    const plan = buildPlan(reference, request, departAt + sceneShift(first, request.scene, now))
    return { plan, hitTarget: hit(plan) }
  }
  if (!request.targetStatus) return { plan: buildPlan(reference, request, departAt), hitTarget: false }
  const moment = whenInStatus(buildPlan(reference, request, departAt), request.targetStatus)
  if (moment === undefined) return { plan: buildPlan(reference, request, departAt), hitTarget: false }
  departAt += Math.round((now - moment) / 60_000) * 60_000
  // the moved plan is drawn again and some steps snap to local days, so a short stretch can slip past now
  const plan = buildPlan(reference, request, departAt)
  return { plan, hitTarget: hit(plan) }
}
