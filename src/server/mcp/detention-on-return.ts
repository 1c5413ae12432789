import type { StateAttributes } from '../../contract/container-state'
import { detentionIfReturned, returnZoneOf } from '../../contract/detention'
import { dayNumber, localDay } from '../../contract/local-day'

const HALF_DAY = 43_200_000

/** An instant that falls on `day` at the place the empty goes back to, whatever its offset (±14 h). */
function instantOn(day: string, zone: string) {
  const noon = Date.parse(`${day}T12:00:00Z`)
  return new Date(noon - (dayNumber(localDay(new Date(noon), zone)) - dayNumber(day)) * HALF_DAY)
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)

/** Detention if the empty is returned on `day`, priced with the line's tariff as the container page does. */
export function detentionIfReturnedOn(a: StateAttributes, day: string) {
  if (a.empty_terminated_at)
    return {
      known: true,
      days_late: null,
      amount: null,
      words: `The empty was returned ${a.empty_terminated_at}.`,
    }
  const cost = detentionIfReturned(a, instantOn(day, returnZoneOf(a)))
  if (!cost)
    return {
      known: false,
      days_late: null,
      amount: null,
      words:
        'No empty return deadline is known (before pickup, or the line has no detention tariff): no detention projected.',
    }
  const deadline = localDay(new Date(cost.deadline), returnZoneOf(a))
  return {
    known: true,
    deadline_day: deadline,
    days_late: cost.days,
    amount: cost.cost,
    currency: cost.currency,
    per_day_after: cost.perDay,
    source: cost.source,
    words:
      cost.days === 0
        ? `Returned on ${day}, the empty is within its free time (deadline ${deadline}): no detention; each day after costs ${money(cost.perDay, cost.currency)}.`
        : `Returned on ${day}, the empty is ${cost.days} day${cost.days === 1 ? '' : 's'} past its return deadline (${deadline}): detention ${money(cost.cost, cost.currency)}, then ${money(cost.perDay, cost.currency)} a day.`,
  }
}
