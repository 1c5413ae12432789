import { HOLD_ATTENTION_DAYS, isOnHold } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { type DemurrageTiers, dayRate, demurrageFor, RAIL_STORAGE_TARIFF } from '../../../contract/demurrage'
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
  /** Whether it is the rail ramp's storage (by the illustrative rail tariff), not the terminal's demurrage. */
  rail?: boolean
}

type Priced = { tiers: DemurrageTiers; currency?: string | null; source?: string | null }

/** The terminal's other charges (exam, dwell): owed at the terminal, not at a rail ramp. */
const terminalCharges = (a: Container['attributes']) =>
  (a.fees_at_pod_terminal ?? [])
    .filter((fee) => fee.type !== 'demurrage' && fee.type !== 'total')
    .reduce((sum, fee) => sum + (fee.amount ?? 0), 0)

/**
 * "Picked up today: $X; each further day: $Y" for a container that is overdue or due within a few days:
 * at the terminal from its terminal's tariff, at a rail ramp (its last free day is the railroad's) from the
 * illustrative rail storage tariff. Nothing for a terminal without a tariff, or while a hold keeps the
 * container from being picked up.
 */
export function projectDemurrage(
  a: Container['attributes'],
  countdown: LfdCountdown | undefined,
  tariff: DemurrageTariff | null | undefined,
): Projection | undefined {
  const rail = Boolean(a.import_deadlines?.pickup_lfd_rail)
  const priced: Priced | null | undefined = rail ? RAIL_STORAGE_TARIFF : tariff
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
