import { HOLD_ATTENTION_DAYS, isOnHold } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { dayRate, demurrageFor } from '../../../contract/demurrage'
import type { DemurrageTariff } from '../../../contract/terminals'
import type { LfdCountdown } from '../time/lfd'

export type Projection = {
  /** What it costs if picked up today: demurrage so far by the tariff plus the other charges on it. */
  today: number
  /** What each further day adds (for one not yet due: each day after its last free day). */
  perDay: number
  currency: string
  overdue: boolean
  source?: string | null
}

/**
 * "Picked up today: $X; each further day: $Y" for a container that is overdue or due within a few days,
 * from its terminal's tariff. Nothing for a container without a tariff, whose last free day is the
 * rail ramp's (the terminal's tariff does not apply there), or that a hold keeps from being picked up.
 */
export function projectDemurrage(
  a: Container['attributes'],
  countdown: LfdCountdown | undefined,
  tariff: DemurrageTariff | null | undefined,
): Projection | undefined {
  if (!countdown || !tariff || tariff.tiers.length === 0 || a.import_deadlines?.pickup_lfd_rail)
    return undefined
  if (isOnHold(a)) return undefined
  if (countdown.days > HOLD_ATTENTION_DAYS) return undefined
  const daysPast = Math.max(0, -countdown.days)
  const other = (a.fees_at_pod_terminal ?? [])
    .filter((fee) => fee.type !== 'demurrage' && fee.type !== 'total')
    .reduce((sum, fee) => sum + (fee.amount ?? 0), 0)
  return {
    today: demurrageFor(daysPast, tariff.tiers) + other,
    perDay: dayRate(daysPast + 1, tariff.tiers),
    currency: tariff.currency ?? 'USD',
    overdue: countdown.overdue,
    source: tariff.source,
  }
}
