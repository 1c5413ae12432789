import { containerCheckDigit } from '../../contract/container-number'
import type { DemurrageTariff } from '../storage/schema'
import { statusAt } from './container-state'
import { createFleet, type Fleet } from './fleet'
import { DIRECT_LANES, type Sailing, sailingsAround, sailLane, TRANSSHIPMENT_LANES } from './fleet-sailings'
import { type ContainerScene, planContainer, type VoyageTimes } from './plan-container'
import { type Random, seededRandom } from './seeded-random'
import { stableUuid } from './stable-id'
import type { PlanPlace, PlanVessel, ShipmentPlan } from './voyage-plan'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const WEST = ['USLAX', 'USLGB', 'USOAK', 'USSEA', 'USTIW']
const EAST_RAIL = ['USNYC', 'USSAV', 'USORF', 'USBAL']
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

export type PlanningReference = {
  port: (code: string) => { id: string; code: string; name: string; time_zone: string } | undefined
  terminalIdsAt: (portId: string) => string[]
  vessels: PlanVessel[]
  tariffOf?: (terminalId: string) => DemurrageTariff | null | undefined
}

/** A scene's voyage has a rail leg only when it asks for one. */
export type Scene = {
  place: { dischargedAgo: number } | { arrivesIn: number } | { status: string }
  rail?: boolean
  containers: Omit<ContainerScene, 'now'>[]
}

export type Carrier = { scac: string; name: string; shortName: string | null; prefix: string | null }

export type PlanRequest = {
  carrier: Carrier
  now: Date
  /** The same request plans the same shipment on every machine. */
  seed: string
  /** When the same choices must make a distinct shipment (the same number tracked again). */
  identity?: string
  departureWithinDays: [number, number]
  billOfLading?: string
  firstContainerNumber?: string
  targetStatus?: string
  scene?: Scene
}

const place = (reference: PlanningReference, code: string): PlanPlace => {
  const port = reference.port(code)
  if (!port) throw new Error(`Planning needs port ${code}, which the reference data lacks`)
  return { code: port.code, id: port.id, name: port.name, tz: port.time_zone }
}

function chooseLane(random: Random) {
  const lane = random.chance(0.25) ? random.pick(TRANSSHIPMENT_LANES) : random.pick(DIRECT_LANES)
  const west = WEST.includes(lane.pod)
  const railHeads = west ? ['USCHI', 'USMEM', 'USDAL', 'USKCK'] : ['USCHI', 'USCMH', 'USDET', 'USMEM']
  const inland = (west || EAST_RAIL.includes(lane.pod)) && random.chance(0.28) ? random.pick(railHeads) : null
  return { ...lane, inland, railHead: random.pick(railHeads), west }
}

const fleets = new WeakMap<PlanVessel[], Fleet>()
/** Made once per reference: the same schedule for every plan. */
export function fleetOf(reference: Pick<PlanningReference, 'vessels'>) {
  let fleet = fleets.get(reference.vessels)
  if (!fleet) {
    fleet = createFleet(reference.vessels)
    fleets.set(reference.vessels, fleet)
  }
  return fleet
}

type Route = { sailing: Sailing; inland: string | null; railHead: string; west: boolean }

type ContainerDraw = {
  request: PlanRequest
  identity: string
  voyage: VoyageTimes & { tariff: DemurrageTariff | null }
  count: number
}

function drawContainers(random: Random, { request, identity, voyage, count }: ContainerDraw) {
  const { scac } = request.carrier
  const owners = OWNER_CODES[scac] ?? [`${scac.slice(0, 3)}U`]
  const scenes = request.scene?.containers
  return Array.from({ length: count }, (_, index) => {
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
    return planContainer(facts, voyage, seededRandom(`${request.seed}:container:${index}`), scene)
  })
}

const railHeadOf = (request: PlanRequest, route: Route) =>
  request.scene ? (request.scene.rail ? (route.inland ?? route.railHead) : null) : route.inland

function buildPlan(reference: PlanningReference, request: PlanRequest, route: Route): ShipmentPlan {
  const random = seededRandom(request.seed)
  const identity = request.identity ?? request.seed
  const { lane, legs } = route.sailing
  const [pol, pod] = [place(reference, lane.pol), place(reference, lane.pod)]
  const transshipment = lane.hub ? place(reference, lane.hub) : null
  const railHead = railHeadOf(request, route)
  const inland = railHead ? place(reference, railHead) : null
  const departAt = legs[0].departAt
  const arrivedAt = legs.at(-1)!.arriveAt
  const voyage: VoyageTimes = { pol, pod, transshipment, inland, legs, berthedAt: route.sailing.berthedAt }
  const terminals = reference.terminalIdsAt(pod.id)
  if (terminals.length === 0) throw new Error(`Planning needs a terminal at ${pod.code}`)
  const podTerminalId = random.pick(terminals)
  const otherTerminals = terminals.filter((id) => id !== podTerminalId)
  const terminalChange =
    otherTerminals.length > 0 && random.chance(0.08)
      ? { at: arrivedAt - random.int(2, 6) * DAY, terminalId: random.pick(otherTerminals) }
      : null
  const { scac, prefix } = request.carrier
  const count = Math.max(random.pick([1, 1, 1, 2, 2, 3, 4, 6]), request.scene?.containers.length ?? 0)
  const tariff = reference.tariffOf?.(podTerminalId) ?? null
  const containers = drawContainers(random, { request, identity, voyage: { ...voyage, tariff }, count })
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
    voyageNumber: legs.at(-1)!.voyageNumber!,
    berthedAt: voyage.berthedAt,
    eta: route.sailing.eta,
    railScac: inland ? random.pick(route.west ? ['UPRR', 'BNSF'] : ['NSRR', 'CSXT']) : null,
    // people start tracking anywhere from booking to arrival
    createdAt: Math.round(
      Math.min(
        departAt - 12 * DAY + random.next() * (arrivedAt - departAt + 14 * DAY),
        request.now.getTime() - random.int(1, 72) * HOUR,
      ),
    ),
    containers,
  }
}

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

const CANDIDATES = 24

/** The fleet keeps its own times, so the nearest few sailings are tried; the first that hits is taken. */
function placeOnFleet(reference: PlanningReference, request: PlanRequest, route: Route) {
  const now = request.now.getTime()
  const first = buildPlan(reference, request, route)
  const hit = (plan: ShipmentPlan) => statusAt(plan.containers[0], now) === request.targetStatus
  const shift = request.scene
    ? sceneShift(first, request.scene, now)
    : now - (whenInStatus(first, request.targetStatus ?? '') ?? now)
  const leg = first.legs[0]
  const arrival = !(now - shift < leg.departAt)
  const anchor = (arrival ? first.berthedAt : leg.departAt) + shift
  const tried = sailingsAround(fleetOf(reference), anchor, arrival, CANDIDATES).map((sailing) =>
    buildPlan(reference, request, { ...route, sailing }),
  )
  const plan = tried.find(hit) ?? tried[0] ?? first
  return { plan, hitTarget: hit(plan) }
}

/** The same request always plans the same. */
export function planShipment(reference: PlanningReference, request: PlanRequest) {
  const [min, max] = request.departureWithinDays
  const draw = seededRandom(`${request.seed}:departure`)
  const now = request.now.getTime()
  const departNear = now + (min + draw.next() * (max - min)) * DAY
  const lane = chooseLane(seededRandom(`${request.seed}:lane`))
  const route: Route = { ...lane, sailing: sailLane(fleetOf(reference), lane, departNear) }
  if (request.scene || request.targetStatus) return placeOnFleet(reference, request, route)
  return { plan: buildPlan(reference, request, route), hitTarget: false }
}
