import { HOLD_ATTENTION_DAYS, isOnHold } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { dayRate, demurrageFor } from '../../../contract/demurrage'
import { pickupTariff } from '../../../contract/demurrage-span'
import type { DemurrageTariff } from '../../../contract/terminals'
import type { LfdCountdown } from '../time/lfd'

export type Projection = {
  today: number
  perDay: number
  currency: string
  overdue: boolean
  source?: string | null
  /** By the illustrative rail tariff, not the terminal's. */
  rail?: boolean
}

/** Owed at the terminal, not at a rail ramp. */
const terminalCharges = (a: Container['attributes']) =>
  (a.fees_at_pod_terminal ?? [])
    .filter((fee) => fee.type !== 'demurrage' && fee.type !== 'total')
    .reduce((sum, fee) => sum + (fee.amount ?? 0), 0)

/** Nothing for a terminal without a tariff, or while a hold keeps the container from pickup. */
export function projectDemurrage(
  a: Container['attributes'],
  countdown: LfdCountdown | undefined,
  tariff: DemurrageTariff | null | undefined,
): Projection | undefined {
  const rail = Boolean(a.import_deadlines?.pickup_lfd_rail)
  const priced = pickupTariff(a, tariff)
  if (!countdown || !priced || priced.tiers.length === 0) return undefined
  if (isOnHold(a)) return undefined
  if (countdown.days > HOLD_ATTENTION_DAYS) return undefined
  const daysPast = Math.max(0, -countdown.days)
  return {
    today: demurrageFor(daysPast, priced.tiers) + (rail ? 0 : terminalCharges(a)),
    perDay: dayRate(daysPast + 1, priced.tiers),
    currency: priced.currency ?? 'USD',
    overdue: countdown.overdue,
    source: priced.source,
    ...(rail ? { rail } : {}),
  }
}
