import { dateOfDay, dayOf } from '../../../contract/charge-period'
import {
  CHARGE_GROUPINGS,
  type ChargeGrouping,
  MAX_CHARGE_PERIOD_DAYS,
} from '../../../contract/charges-summary'

export const PERIOD_PRESETS = ['this_month', 'last_month', 'last_30', 'last_90', 'custom'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  last_30: 'Last 30 days',
  last_90: 'Last 90 days',
  custom: 'Custom',
}

export type ChargesParams = { group: ChargeGrouping; preset: PeriodPreset; from: string; to: string }

const isDate = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dateOfDay(dayOf(value)) === value)

/** Calendar dates in UTC, as the service counts its default period. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date) {
  const today = now.toISOString().slice(0, 10)
  const monthStart = `${today.slice(0, 8)}01`
  switch (preset) {
    case 'this_month':
      return { from: monthStart, to: today }
    case 'last_month': {
      const lastDay = dateOfDay(dayOf(monthStart) - 1)
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay }
    }
    case 'last_30':
      return { from: dateOfDay(dayOf(today) - 29), to: today }
    case 'last_90':
      return { from: dateOfDay(dayOf(today) - 89), to: today }
  }
}

/** From the URL; anything unknown or malformed falls back to this month, by customer. */
export function chargesParamsFrom(search: URLSearchParams, now: Date): ChargesParams {
  const asked = search.get('group')
  const group = (CHARGE_GROUPINGS as readonly string[]).includes(asked ?? '')
    ? (asked as ChargeGrouping)
    : 'customer'
  const preset = (PERIOD_PRESETS as readonly string[]).includes(search.get('period') ?? '')
    ? (search.get('period') as PeriodPreset)
    : 'this_month'
  if (preset !== 'custom') return { group, preset, ...presetPeriod(preset, now) }
  const from = search.get('from')
  const to = search.get('to')
  const fallback = presetPeriod('this_month', now)
  return { group, preset, from: isDate(from) ? from : fallback.from, to: isDate(to) ? to : fallback.to }
}

/** What the service would refuse, worded for the custom period's fields; undefined when it is fine. */
export function periodProblem(from: string, to: string) {
  if (dayOf(from) > dayOf(to)) return 'The period ends before it starts.'
  if (dayOf(to) - dayOf(from) + 1 > MAX_CHARGE_PERIOD_DAYS)
    return `A period can be at most ${MAX_CHARGE_PERIOD_DAYS} days long.`
  return undefined
}
