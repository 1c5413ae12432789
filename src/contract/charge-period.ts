import { type DemurrageTiers, dayRate } from './demurrage'

const DAY = 86_400_000

/** A calendar date (YYYY-MM-DD) as a whole number of days, so dates in any zone compare and subtract. */
export const dayOf = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY

export const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)

/**
 * Days charged after free time ran out: day 1 is the local day after `lastFreeDay`, day `days` the day it was
 * picked up (or returned), or today while it still waits. Settled once it has left: the charge is then fixed.
 */
export type ChargeSpan = {
  lastFreeDay: number
  days: number
  tiers: DemurrageTiers
  currency: string
  settled: boolean
}

/** Inclusive calendar days, as `dayOf` numbers them. */
export type DayPeriod = { from: number; to: number }

/**
 * The days of a span that fall in the period, each at its own tier's rate: a container whose charges straddle
 * the period's edge is charged here only for the days inside, so consecutive periods add up to the whole.
 */
export function chargeInPeriod(span: ChargeSpan, period: DayPeriod) {
  const first = Math.max(1, period.from - span.lastFreeDay)
  const last = Math.min(span.days, period.to - span.lastFreeDay)
  let amount = 0
  for (let day = first; day <= last; day++) amount += dayRate(day, span.tiers)
  return { days: Math.max(0, last - first + 1), amount }
}
