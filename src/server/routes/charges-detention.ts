import type { ChargeSpan } from '../../contract/charge-period'
import type { ChargeCandidate } from '../storage/charge-store'

export type DetentionOf = (candidate: ChargeCandidate, now: Date) => ChargeSpan | undefined

/**
 * Detention per container, for the charges summary: undefined until a line's detention tariff is kept (issue 31's
 * detention work), so the summary says "not available" rather than showing nothing owed. The swap is this one
 * function of the container's attributes, e.g. through the contract's `detentionProjection`, plus one condition in
 * `charge-store.ts`: a container picked up before the period but returned in it is then a candidate too.
 */
export const detentionOf: DetentionOf | undefined = undefined
