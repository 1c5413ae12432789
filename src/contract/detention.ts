import type { Container } from './containers'
import { dayRate, demurrageFor } from './demurrage'
import type { DetentionTariff } from './detention-tariff'
import { dayNumber, localDay } from './local-day'

type Attributes = Pick<
  Container['attributes'],
  | 'pod_full_out_at'
  | 'final_destination_full_out_at'
  | 'pod_timezone'
  | 'final_destination_timezone'
  | 'empty_terminated_at'
  | 'empty_return_deadline'
  | 'detention_tariff'
>

const DAY = 86_400_000
const isWeekday = (day: number) => ![0, 6].includes(new Date(day * DAY).getUTCDay())

const clocks = new Map<string, Intl.DateTimeFormat>()
const clockOf = (zone: string) => {
  let format = clocks.get(zone)
  if (!format) {
    const options = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric' } as const
    const time = { hour: 'numeric', minute: 'numeric', second: 'numeric' } as const
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options, ...time })
    } catch {
      format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options, ...time })
    }
    clocks.set(zone, format)
  }
  return format
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: number, zone: string) {
  const parts = clockOf(zone).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

const startOfLocalDay = (day: number, zone: string) => {
  const wall = day * DAY
  return wall - offsetMs(wall - offsetMs(wall, zone), zone)
}

/** The zone of the place it was picked up from: the port's, or the rail ramp's when the railroad delivered it. */
export const returnZoneOf = (a: Partial<Attributes>) =>
  (a.pod_full_out_at ? a.pod_timezone : (a.final_destination_timezone ?? a.pod_timezone)) || 'UTC'

/**
 * The free days count from the local day of pickup; the deadline is the end (23:59:59) of the last one, in
 * the zone of the place of pickup. Weekends excluded: a Saturday or Sunday uses up no free day. Migration
 * 0035's `detention_deadline` is the same rule in SQL.
 */
export function returnDeadlineOf(
  pickedUp: Date,
  zone: string,
  tariff: Pick<DetentionTariff, 'free_days' | 'weekends_excluded'>,
) {
  let day = dayNumber(localDay(pickedUp, zone))
  const freeDays = Math.max(0, tariff.free_days)
  if (!tariff.weekends_excluded) day += freeDays
  else
    for (let left = freeDays; left > 0; ) {
      day++
      if (isWeekday(day)) left--
    }
  return new Date(startOfLocalDay(day + 1, zone) - 1000)
}

/** A line's tariff for the lane of a port of discharge; one without ports is the line's default. */
export const tariffForPort = <T extends Pick<DetentionTariff, 'ports'>>(
  tariffs: readonly T[] | null | undefined,
  portCode: string | null | undefined,
) =>
  (tariffs ?? []).find((t) => portCode && t.ports?.includes(portCode)) ??
  (tariffs ?? []).find((t) => !t.ports?.length)

/** 0 on the deadline's own day, -1 the day after (overdue); undefined before pickup, returned, or unpriced. */
export function emptyDaysLeft(a: Partial<Attributes>, now: Date) {
  if (!a.empty_return_deadline || a.empty_terminated_at) return undefined
  const zone = returnZoneOf(a)
  return dayNumber(localDay(new Date(a.empty_return_deadline), zone)) - dayNumber(localDay(now, zone))
}

export type DetentionCost = {
  deadline: string
  /** Days of detention charged if the empty is returned then. */
  days: number
  cost: number
  /** What one more day would add. */
  perDay: number
  currency: string
  tiers: DetentionTariff['tiers']
  source: string | null
}

/** The detention owed if the empty is returned at `returnedAt` (any day counts; the day of return is charged). */
export function detentionIfReturned(a: Partial<Attributes>, returnedAt: Date): DetentionCost | undefined {
  const tariff = a.detention_tariff
  if (!a.empty_return_deadline || !tariff) return undefined
  const zone = returnZoneOf(a)
  const left =
    dayNumber(localDay(new Date(a.empty_return_deadline), zone)) - dayNumber(localDay(returnedAt, zone))
  const days = Math.max(0, -left)
  return {
    deadline: a.empty_return_deadline,
    days,
    cost: demurrageFor(days, tariff.tiers),
    perDay: dayRate(days + 1, tariff.tiers),
    currency: tariff.currency ?? 'USD',
    tiers: tariff.tiers,
    source: tariff.source ?? null,
  }
}

/** "Returned today: $X; each further day: $Y"; once the empty is back, what it came to. */
export function detentionProjection(a: Partial<Attributes>, now: Date) {
  const returned = a.empty_terminated_at ? new Date(a.empty_terminated_at) : undefined
  const cost = detentionIfReturned(a, returned ?? now)
  return cost && { ...cost, returned: Boolean(returned) }
}
