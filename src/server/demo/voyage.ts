import type { Fee, Hold } from '../storage/schema'
import type { Random } from './random'
import { startOfLocalDay } from './zoned-time'

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Milestone = {
  event: string
  at: Date
  locode: string
  timezone: string
  /** Which vessel carries the container at this step, if any. */
  leg?: 'main' | 'second'
  atTerminal?: boolean
}

type HoldPlan = Hold & { appearsAt: Date; holdFrom: Date; clearsAt: Date }

export type ContainerPlan = {
  milestones: Milestone[]
  holds: HoldPlan[]
  dischargedAt: Date
  availableAt: Date
  fullOutAt: Date
  emptyInAt: Date
  lfd: Date
  lineLfd: Date | null
  railUnloadedAt?: Date
  afterPickup: 'picked_up' | 'delivered' | 'dropped'
  offDock: boolean
  demurragePerDay: number
  examFee: number | null
  dwellFee: number | null
  otherFee: number | null
}

export type VoyageInput = {
  departureAt: Date
  seaDays: number
  pol: { code: string; tz: string }
  pod: { code: string; tz: string }
  transshipment?: { code: string; tz: string }
  inland?: { code: string; tz: string }
}

const HOLD_TEXT: Record<string, string> = {
  customs: 'CBP hold: entry not yet released',
  freight: 'Freight charges not yet paid to the line',
  USDA: 'USDA inspection required before release',
  VACIS: 'Selected for VACIS non-intrusive exam',
  TMF: 'Traffic Mitigation Fee not yet paid',
  other: 'Terminal hold: see terminal for details',
}

/** The whole life of one container on a voyage, from empty pickup to empty return. */
export function planContainer(input: VoyageInput, random: Random): ContainerPlan {
  const { departureAt, pol, pod, transshipment, inland } = input
  const t = (ms: number) => new Date(departureAt.getTime() + ms)
  const milestones: Milestone[] = []
  const add = (
    event: string,
    at: Date,
    place: { code: string; tz: string },
    extra: Partial<Milestone> = {},
  ) => milestones.push({ event, at, locode: place.code, timezone: place.tz, ...extra })

  add('empty_out', t(-random.int(4, 9) * DAY - random.int(0, 20) * HOUR), pol)
  add('full_in', t(-random.int(1, 3) * DAY - random.int(2, 20) * HOUR), pol, { atTerminal: true })
  add('vessel_loaded', t(-random.int(6, 20) * HOUR), pol, { leg: 'main', atTerminal: true })
  add('vessel_departed', t(0), pol, { leg: 'main' })
  let sea = input.seaDays * DAY
  if (transshipment) {
    const first = sea * (0.15 + random.next() * 0.2)
    const dwell = random.int(2, 4) * DAY
    add('transshipment_arrived', t(first), transshipment, { leg: 'main' })
    add('transshipment_discharged', t(first + 10 * HOUR), transshipment, { leg: 'main' })
    add('transshipment_loaded', t(first + dwell - 8 * HOUR), transshipment, { leg: 'second' })
    add('transshipment_departed', t(first + dwell), transshipment, { leg: 'second' })
    sea += dwell
  }
  const leg = transshipment ? 'second' : 'main'
  const arrivedAt = t(sea)
  add('vessel_arrived', arrivedAt, pod, { leg })
  add('vessel_berthed', new Date(arrivedAt.getTime() + random.int(2, 14) * HOUR), pod, { leg })
  const dischargedAt = new Date(arrivedAt.getTime() + random.int(16, 40) * HOUR)
  add('vessel_discharged', dischargedAt, pod, { leg, atTerminal: true })

  const holdNames = random.chance(0.55)
    ? [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(Object.keys(HOLD_TEXT))))]
    : []
  const holds: HoldPlan[] = holdNames.map((name) => {
    const appearsAt = new Date(dischargedAt.getTime() - random.int(0, 10) * HOUR)
    const pending = random.chance(0.35)
    const holdFrom = pending ? new Date(appearsAt.getTime() + random.int(6, 30) * HOUR) : appearsAt
    const clearsAt = new Date(holdFrom.getTime() + random.int(8, 96) * HOUR)
    return { name, status: 'hold', description: HOLD_TEXT[name], appearsAt, holdFrom, clearsAt }
  })
  const releaseAt = new Date(
    Math.max(dischargedAt.getTime() + random.int(2, 10) * HOUR, ...holds.map((h) => h.clearsAt.getTime())),
  )

  let availableAt = releaseAt
  let railUnloadedAt: Date | undefined
  let lfd = startOfLocalDay(dischargedAt, pod.tz, random.int(4, 5))
  if (inland) {
    const railLoaded = new Date(dischargedAt.getTime() + random.int(20, 60) * HOUR)
    const railDeparted = new Date(railLoaded.getTime() + random.int(4, 12) * HOUR)
    const railArrived = new Date(railDeparted.getTime() + random.int(3, 5) * DAY)
    railUnloadedAt = new Date(railArrived.getTime() + random.int(3, 10) * HOUR)
    add('rail_loaded', railLoaded, pod, { atTerminal: true })
    add('rail_departed', railDeparted, pod)
    add('rail_arrived', railArrived, inland)
    add('rail_unloaded', railUnloadedAt, inland)
    add('arrived_at_inland_destination', railUnloadedAt, inland)
    availableAt = new Date(Math.max(railUnloadedAt.getTime() + 2 * HOUR, releaseAt.getTime()))
    lfd = startOfLocalDay(railUnloadedAt, inland.tz, random.int(2, 3))
  }
  add('available', availableAt, inland ?? pod, { atTerminal: true })
  const lateBy = random.chance(0.25) ? random.int(1, 6) : -random.int(0, 3)
  const fullOutAt = new Date(
    Math.max(availableAt.getTime() + 4 * HOUR, lfd.getTime() + lateBy * DAY + random.int(8, 16) * HOUR),
  )
  add('full_out', fullOutAt, inland ?? pod, { atTerminal: true })
  const emptyInAt = new Date(fullOutAt.getTime() + random.int(2, 8) * DAY + random.int(0, 12) * HOUR)
  add('empty_in', emptyInAt, inland ?? pod)

  milestones.sort((a, b) => a.at.getTime() - b.at.getTime())
  return {
    milestones,
    holds,
    dischargedAt,
    availableAt,
    fullOutAt,
    emptyInAt,
    lfd,
    lineLfd: random.chance(0.4) ? new Date(lfd.getTime() + random.int(2, 5) * DAY) : null,
    railUnloadedAt,
    afterPickup: random.pick(['picked_up', 'picked_up', 'delivered', 'dropped'] as const),
    offDock: random.chance(0.08),
    demurragePerDay: random.pick([150, 175, 200, 250, 300, 350]),
    examFee: holdNames.includes('VACIS') || holdNames.includes('customs') ? random.int(3, 9) * 100 : null,
    dwellFee: random.chance(0.1) ? random.int(1, 4) * 50 : null,
    otherFee: random.chance(0.08) ? random.pick([45, 75, 95]) : null,
  }
}

/** Holds in force at a time; a cleared hold leaves the list, as at the real terminals. */
export const holdsAt = (plan: ContainerPlan, now: Date): Hold[] =>
  plan.holds
    .filter((h) => h.appearsAt <= now && now < h.clearsAt && now < plan.fullOutAt)
    .map((h) => ({ name: h.name, status: now < h.holdFrom ? 'pending' : 'hold', description: h.description }))

/** Fees owed at a time: demurrage for each day past the last free day, plus exam and other charges. */
export function feesAt(plan: ContainerPlan, now: Date): Fee[] {
  if (now < plan.dischargedAt) return []
  const fees: Fee[] = []
  const freeUntil = plan.lfd.getTime() + DAY
  const until = Math.min(now.getTime(), plan.fullOutAt.getTime())
  const days = Math.ceil((until - freeUntil) / DAY)
  if (days > 0) fees.push({ type: 'demurrage', amount: days * plan.demurragePerDay, currency_code: 'USD' })
  if (plan.examFee) fees.push({ type: 'exam', amount: plan.examFee, currency_code: 'USD' })
  if (plan.dwellFee && now.getTime() > plan.dischargedAt.getTime() + 4 * DAY)
    fees.push({ type: 'extended_dwell_time', amount: plan.dwellFee, currency_code: 'USD' })
  if (plan.otherFee) fees.push({ type: 'other', amount: plan.otherFee, currency_code: 'USD' })
  if (fees.length > 1)
    fees.push({ type: 'total', amount: fees.reduce((sum, fee) => sum + fee.amount, 0), currency_code: 'USD' })
  return fees
}

const happened = (plan: ContainerPlan, event: string, now: Date) =>
  plan.milestones.some((m) => m.event === event && m.at <= now)

/** The container's `current_status` at a time. */
export function statusAt(plan: ContainerPlan, now: Date): string {
  if (happened(plan, 'empty_in', now)) return 'empty_returned'
  if (happened(plan, 'full_out', now)) {
    const settled = now.getTime() > plan.fullOutAt.getTime() + DAY
    return settled ? plan.afterPickup : 'picked_up'
  }
  if (happened(plan, 'available', now)) return plan.offDock ? 'off_dock' : 'available'
  if (happened(plan, 'rail_unloaded', now))
    return holdsAt(plan, now).length > 0 ? 'not_available' : 'grounded'
  if (happened(plan, 'rail_departed', now)) return 'on_rail'
  if (happened(plan, 'rail_loaded', now) || (plan.railUnloadedAt && happened(plan, 'vessel_discharged', now)))
    return 'awaiting_inland_transfer'
  if (happened(plan, 'vessel_discharged', now))
    return holdsAt(plan, now).length > 0 ? 'not_available' : 'grounded'
  if (happened(plan, 'vessel_departed', now)) return 'on_ship'
  if (happened(plan, 'vessel_loaded', now)) return 'loaded'
  return 'new'
}

export const milestoneAt = (plan: ContainerPlan, event: string) =>
  plan.milestones.find((m) => m.event === event)?.at
