import { demurrageFor } from '../../contract/demurrage'
import { LFD_CHECK_INTERVAL_MS } from '../../contract/lfd-sources'
import type { Fee, Hold } from '../storage/schema'
import { type ContainerPlan, revisedValue } from './voyage-plan'

const DAY = 86_400_000

const happened = (plan: ContainerPlan, event: string, now: number) =>
  plan.milestones.some((m) => m.event === event && m.at <= now)

/** A cleared hold leaves the list, as at the real terminals. */
export const holdsAt = (plan: ContainerPlan, now: number): Hold[] =>
  plan.holds
    .filter((h) => h.appearsAt <= now && now < h.clearsAt && now < plan.fullOutAt)
    .map((h) => ({ name: h.name, status: now < h.holdFrom ? 'pending' : 'hold', description: h.description }))

const demurrageFrom = (plan: ContainerPlan, now: number) => {
  const lfd = revisedValue(plan.lfd, now)
  return lfd === undefined ? undefined : lfd + DAY
}

export function feesAt(plan: ContainerPlan, now: number): Fee[] {
  if (now < plan.dischargedAt) return []
  const fees: Fee[] = []
  const from = demurrageFrom(plan, now)
  const until = Math.min(now, plan.fullOutAt)
  const days = from === undefined || until < from ? 0 : Math.floor((until - from) / DAY) + 1
  const demurrage = plan.demurrageTiers
    ? demurrageFor(days, plan.demurrageTiers)
    : days * plan.demurragePerDay
  if (days > 0) fees.push({ type: 'demurrage', amount: demurrage, currency_code: 'USD' })
  if (plan.examFee) fees.push({ type: 'exam', amount: plan.examFee, currency_code: 'USD' })
  if (plan.dwellFee && now > plan.dischargedAt + 4 * DAY)
    fees.push({ type: 'extended_dwell_time', amount: plan.dwellFee, currency_code: 'USD' })
  if (plan.otherFee) fees.push({ type: 'other', amount: plan.otherFee, currency_code: 'USD' })
  if (fees.length > 1)
    fees.push({ type: 'total', amount: fees.reduce((sum, fee) => sum + fee.amount, 0), currency_code: 'USD' })
  return fees
}

export function statusAt(plan: ContainerPlan, now: number): string {
  if (happened(plan, 'empty_in', now)) return 'empty_returned'
  if (happened(plan, 'full_out', now)) return now > plan.fullOutAt + DAY ? plan.afterPickup : 'picked_up'
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

/** When the engine looks again. */
export function containerChangeTimes(plan: ContainerPlan, now: number): number[] {
  const times = [
    ...plan.milestones.map((m) => m.at),
    ...plan.holds.flatMap((h) => [h.appearsAt, h.holdFrom, h.clearsAt]),
    ...plan.lfd.map((r) => r.at),
    ...plan.lineLfd.map((r) => r.at),
    ...plan.inlandEta.map((r) => r.at),
    plan.appointment?.at ?? 0,
    plan.fullOutAt + DAY,
    plan.dwellFee ? plan.dischargedAt + 4 * DAY : 0,
    // checked again well within the interval after which its data is stale
    plan.dischargedAt <= now && now < plan.fullOutAt ? now + LFD_CHECK_INTERVAL_MS / 2 : 0,
  ]
  const from = demurrageFrom(plan, now)
  if (from !== undefined && now < plan.fullOutAt)
    times.push(now < from ? from : from + Math.floor((now - from) / DAY + 1) * DAY)
  return times.filter((t) => t > now)
}
