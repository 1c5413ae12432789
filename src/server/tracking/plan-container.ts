import type { DemurrageTariff } from '../storage/schema'
import type { Random } from './seeded-random'
import type { ContainerPlan, HoldPlan, Leg, Milestone, PlaceKey, PlanPlace, Revision } from './voyage-plan'
import { startOfLocalDay } from './zoned-time'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const HOLD_TEXT: Record<string, string> = {
  customs: 'CBP hold: entry not yet released',
  freight: 'Freight charges not yet paid to the line',
  USDA: 'USDA inspection required before release',
  VACIS: 'Selected for VACIS non-intrusive exam',
  TMF: 'Traffic Mitigation Fee not yet paid',
  other: 'Terminal hold: see terminal for details',
}

export type VoyageTimes = {
  pol: PlanPlace
  pod: PlanPlace
  transshipment: PlanPlace | null
  inland: PlanPlace | null
  legs: Leg[]
  berthedAt: number
  tariff?: DemurrageTariff | null
}

/** Decided rather than drawn, so every state a person acts on is on the demo board whatever the date. */
export type ContainerScene = {
  now: number
  /** Negative when it has passed. */
  lfdInDays?: number
  holds?: { name: string; pending?: boolean }[]
  availableIn?: number
  /** With a last free day and no pickup given, it is picked up after `now`. */
  pickedUpAgo?: number
  offDock?: boolean
  afterPickup?: ContainerPlan['afterPickup']
  /** The empty comes back this long after `now` (so it is still out), else a few days after pickup. */
  emptyBackIn?: number
  dischargedAgo?: number
  loadedAgo?: number
}

type Identity = Pick<ContainerPlan, 'id' | 'number' | 'seal' | 'equipment' | 'weightLbs'>

const hours = (random: Random, min: number, max: number) => random.int(min, max) * HOUR

function planMilestones(voyage: VoyageTimes, random: Random, scene?: ContainerScene) {
  const { transshipment, inland, legs } = voyage
  const departure = legs[0].departAt
  const milestones: Milestone[] = []
  const add = (event: string, at: number, place: PlaceKey, extra: Partial<Milestone> = {}) =>
    milestones.push({ event, at, place, ...extra })
  add('empty_out', departure - random.int(4, 9) * DAY - hours(random, 0, 20), 'pol')
  add('full_in', departure - random.int(1, 3) * DAY - hours(random, 2, 20), 'pol', { atTerminal: true })
  add('vessel_loaded', departure - hours(random, 6, 20), 'pol', { leg: 0, atTerminal: true })
  add('vessel_departed', departure, 'pol', { leg: 0 })
  if (transshipment) {
    add('transshipment_arrived', legs[0].arriveAt, 'transshipment', { leg: 0 })
    add('transshipment_discharged', legs[0].arriveAt + hours(random, 6, 14), 'transshipment', { leg: 0 })
    add('transshipment_loaded', legs[1].departAt - hours(random, 6, 10), 'transshipment', { leg: 1 })
    add('transshipment_departed', legs[1].departAt, 'transshipment', { leg: 1 })
  }
  const lastLeg = legs.length - 1
  add('vessel_arrived', legs[lastLeg].arriveAt, 'pod', { leg: lastLeg })
  add('vessel_berthed', voyage.berthedAt, 'pod', { leg: lastLeg })
  const drawnDischarge = voyage.berthedAt + hours(random, 8, 30)
  const dischargedAt =
    scene?.dischargedAgo === undefined
      ? drawnDischarge
      : Math.max(voyage.berthedAt + 2 * HOUR, scene.now - scene.dischargedAgo)
  add('vessel_discharged', dischargedAt, 'pod', { leg: lastLeg, atTerminal: true })
  let railUnloadedAt: number | null = null
  if (inland) {
    const railLoaded = dischargedAt + hours(random, 20, 60)
    const railDeparted = railLoaded + hours(random, 4, 12)
    const railArrived = railDeparted + random.int(3, 5) * DAY
    railUnloadedAt = railArrived + hours(random, 3, 10)
    add('rail_loaded', railLoaded, 'pod', { atTerminal: true })
    add('rail_departed', railDeparted, 'pod')
    add('rail_arrived', railArrived, 'inland')
    add('rail_unloaded', railUnloadedAt, 'inland')
    add('arrived_at_inland_destination', railUnloadedAt, 'inland')
  }
  return { milestones, dischargedAt, railUnloadedAt }
}

function planHolds(dischargedAt: number, random: Random): HoldPlan[] {
  const names = random.chance(0.55)
    ? [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(Object.keys(HOLD_TEXT))))]
    : []
  return names.map((name) => {
    const appearsAt = dischargedAt - hours(random, 0, 10)
    const holdFrom = random.chance(0.35) ? appearsAt + hours(random, 6, 30) : appearsAt
    return {
      name,
      description: HOLD_TEXT[name],
      appearsAt,
      holdFrom,
      clearsAt: holdFrom + hours(random, 8, 96),
    }
  })
}

function sceneHolds(scene: ContainerScene, dischargedAt: number): HoldPlan[] {
  return (scene.holds ?? []).map(({ name, pending }) => {
    const appearsAt = Math.min(dischargedAt, scene.now) - 2 * HOUR
    const holdFrom = pending ? scene.now + 6 * HOUR : appearsAt
    return { name, description: HOLD_TEXT[name], appearsAt, holdFrom, clearsAt: scene.now + 30 * HOUR }
  })
}

function revisedDeadline(at: number, value: number, random: Random, chance: number): Revision[] {
  const revisions = [{ at, value }]
  if (random.chance(chance))
    revisions.push({ at: at + hours(random, 20, 60), value: value + random.pick([-1, 1, 1, 2]) * DAY })
  return revisions
}

/** The fleet's sailings keep their own times, so the steps before loading move with it. */
function loadedAsScened(milestones: Milestone[], scene: ContainerScene | undefined, departure: number) {
  if (scene?.loadedAgo === undefined || departure <= scene.now) return
  const at = (event: string) => milestones.find((m) => m.event === event)!
  const loaded = at('vessel_loaded')
  loaded.at = Math.min(loaded.at, scene.now - scene.loadedAgo)
  at('full_in').at = Math.min(at('full_in').at, loaded.at - 6 * HOUR)
  at('empty_out').at = Math.min(at('empty_out').at, at('full_in').at - DAY)
}

/** When the empty goes back: a scene's own time, else 2 to 8 days and some hours after pickup. */
const emptyBackAt = (fullOutAt: number, random: Random, scene?: ContainerScene) =>
  scene?.emptyBackIn === undefined
    ? fullOutAt + random.int(2, 8) * DAY + hours(random, 0, 12)
    : scene.now + scene.emptyBackIn

export function planContainer(
  identity: Identity,
  voyage: VoyageTimes,
  random: Random,
  scene?: ContainerScene,
): ContainerPlan {
  const { pod, inland, tariff } = voyage
  const { milestones, dischargedAt, railUnloadedAt } = planMilestones(voyage, random, scene)
  loadedAsScened(milestones, scene, voyage.legs[0].departAt)
  const drawnHolds = planHolds(dischargedAt, random)
  const holds = scene?.holds ? sceneHolds(scene, dischargedAt) : drawnHolds
  const releaseAt = Math.max(dischargedAt + hours(random, 2, 10), ...holds.map((h) => h.clearsAt))
  let availableAt = scene?.availableIn === undefined ? releaseAt : scene.now + scene.availableIn
  const freeDays = random.int(4, 5)
  let lfdValue = startOfLocalDay(new Date(dischargedAt), pod.tz, tariff?.free_days ?? freeDays).getTime()
  if (scene?.lfdInDays !== undefined)
    lfdValue = startOfLocalDay(new Date(scene.now), pod.tz, scene.lfdInDays).getTime()
  let inlandEta: Revision[] = []
  if (inland && railUnloadedAt) {
    availableAt = Math.max(railUnloadedAt + 2 * HOUR, releaseAt)
    lfdValue = startOfLocalDay(new Date(railUnloadedAt), inland.tz, random.int(2, 3)).getTime()
    const railArrived = milestones.find((m) => m.event === 'rail_arrived')!.at
    inlandEta = [{ at: dischargedAt, value: railArrived + random.pick([-1, 1]) * hours(random, 6, 30) }]
    inlandEta.push({ at: railArrived - random.int(1, 2) * DAY, value: railArrived })
  }
  milestones.push({ event: 'available', at: availableAt, place: inland ? 'inland' : 'pod', atTerminal: true })
  const lfdKnownAt = inland && railUnloadedAt ? railUnloadedAt : dischargedAt
  const drawnLfd = revisedDeadline(lfdKnownAt, lfdValue, random, 0.3)
  const lfd = scene?.lfdInDays === undefined ? drawnLfd : [{ at: lfdKnownAt, value: lfdValue }]
  const lateBy = random.chance(0.25) ? random.int(1, 6) : -random.int(0, 3)
  const drawnFullOut = Math.max(
    availableAt + 4 * HOUR,
    lfd.at(-1)!.value + lateBy * DAY + hours(random, 8, 16),
  )
  const fullOutAt =
    scene?.pickedUpAgo !== undefined
      ? scene.now - scene.pickedUpAgo
      : scene?.lfdInDays !== undefined
        ? Math.max(availableAt + 4 * HOUR, scene.now + DAY + hours(random, 8, 16))
        : drawnFullOut
  milestones.push({ event: 'full_out', at: fullOutAt, place: inland ? 'inland' : 'pod', atTerminal: true })
  const emptyInAt = emptyBackAt(fullOutAt, random, scene)
  milestones.push({ event: 'empty_in', at: emptyInAt, place: inland ? 'inland' : 'pod' })
  milestones.sort((a, b) => a.at - b.at)
  const holdNames = holds.map((h) => h.name)
  const drawnOffDock = random.chance(0.08)
  const offDock = scene?.offDock ?? drawnOffDock
  const bookedAt = availableAt + hours(random, 1, 12)
  return {
    ...identity,
    milestones,
    holds,
    dischargedAt,
    availableAt,
    fullOutAt,
    emptyInAt,
    railUnloadedAt,
    lfd,
    lineLfd: random.chance(0.4)
      ? revisedDeadline(dischargedAt, lfdValue + random.int(2, 5) * DAY, random, 0.2)
      : [],
    inlandEta,
    appointment:
      !offDock && random.chance(0.45) && bookedAt < fullOutAt - 2 * HOUR
        ? { at: bookedAt, value: Math.floor((fullOutAt - hours(random, 1, 3)) / HOUR) * HOUR }
        : null,
    afterPickup:
      scene?.afterPickup ?? random.pick(['picked_up', 'picked_up', 'delivered', 'dropped'] as const),
    offDock,
    demurragePerDay: random.pick([150, 175, 200, 250, 300, 350]),
    // a rail container's last free day is the ramp's, whose charges the demo does not know
    demurrageTiers: tariff && !inland ? tariff.tiers : undefined,
    examFee: holdNames.includes('VACIS') || holdNames.includes('customs') ? random.int(3, 9) * 100 : null,
    dwellFee: random.chance(0.1) ? random.int(1, 4) * 50 : null,
    otherFee: random.chance(0.08) ? random.pick([45, 75, 95]) : null,
    chassis: `${random.pick(['DCLZ', 'TRAC', 'FLXZ'])}${random.int(100000, 999999)}`,
    yardSlot: `${random.pick(['A', 'B', 'C', 'D'])}${random.int(1, 60)}-${random.int(1, 12)}-${random.int(1, 5)}`,
  }
}
