import type { ChargeSpan } from '../../contract/charge-period'
import { detentionProjection, returnZoneOf } from '../../contract/detention'
import { dayNumber, localDay } from '../../contract/local-day'
import type { ChargeCandidate } from '../storage/charge-store'

/** Through the contract's projection, so the summary counts what the container page says, day for day. */
export function detentionOf(candidate: ChargeCandidate, now: Date): ChargeSpan | undefined {
  const a = candidate.attributes
  const projection = detentionProjection(a, now)
  if (!projection) return undefined
  return {
    lastFreeDay: dayNumber(localDay(new Date(projection.deadline), returnZoneOf(a))),
    days: projection.days,
    tiers: projection.tiers,
    currency: projection.currency,
    settled: projection.returned,
  }
}
