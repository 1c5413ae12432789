import { localDay } from '../../contract/container-board'
import type { StateAttributes } from '../../contract/container-state'

const DAY = 86_400_000
const dayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY

/**
 * Detention if the empty is returned on `day`: days past the container's `empty_return_deadline`, which main
 * already carries. THE PLACE FOR ISSUE 31: when src/contract/detention.ts (the line's detention tariff) is on
 * main, price `daysLate` here with it, as get_cost_projection prices demurrage with the terminal's tariff.
 */
export function detentionIfReturnedOn(a: StateAttributes, day: string, zone: string) {
  if (a.empty_terminated_at)
    return {
      known: true,
      days_late: null,
      amount: null,
      words: `The empty was returned ${a.empty_terminated_at}.`,
    }
  if (!a.empty_return_deadline)
    return {
      known: false,
      days_late: null,
      amount: null,
      words:
        'No empty return deadline is known (before pickup, or the line has no detention tariff): no detention projected.',
    }
  const deadline = localDay(new Date(a.empty_return_deadline), zone)
  const daysLate = Math.max(0, dayNumber(day) - dayNumber(deadline))
  return {
    known: true,
    deadline_day: deadline,
    days_late: daysLate,
    amount: null,
    words:
      daysLate === 0
        ? `Returned on ${day}, the empty is within its free time (deadline ${deadline}).`
        : `Returned on ${day}, the empty is ${daysLate} day${daysLate === 1 ? '' : 's'} past its return deadline (${deadline}); the line's detention rate is not priced here yet.`,
  }
}
