import { type ChargeSpan, dayOf } from './charge-period'
import { lfdDaysLeft, lfdZoneOf } from './container-board'
import type { Container } from './containers'
import { type DemurrageTiers, RAIL_STORAGE_TARIFF } from './demurrage'
import { localDay } from './local-day'

type Priced = { tiers: DemurrageTiers; currency?: string | null; source?: string | null }

type Attributes = Parameters<typeof lfdDaysLeft>[0]

/** A railroad's last free day is priced by the illustrative rail storage tariff, any other by the terminal's. */
export const pickupTariff = (
  a: Pick<Container['attributes'], 'import_deadlines'>,
  terminalTariff: Priced | null | undefined,
): Priced | null | undefined => (a.import_deadlines?.pickup_lfd_rail ? RAIL_STORAGE_TARIFF : terminalTariff)

/** When the container left the terminal or ramp, or came back empty: from then its demurrage is fixed. */
export const leftAt = (a: Attributes) =>
  a.pod_full_out_at ?? a.final_destination_full_out_at ?? a.empty_terminated_at

/**
 * Demurrage (or rail storage) days after the counting last free day, until it left or until `now`, priced as the
 * container page prices a pickup: undefined without a last free day, a discharge or a tariff.
 */
export function demurrageSpan(
  a: Attributes,
  terminalTariff: Priced | null | undefined,
  now: Date,
): ChargeSpan | undefined {
  const priced = pickupTariff(a, terminalTariff)
  if (!priced || priced.tiers.length === 0 || !a.pod_discharged_at) return undefined
  const left = leftAt(a)
  const settled = Boolean(left) && new Date(left as string) <= now
  const at = settled ? new Date(left as string) : now
  const daysLeft = lfdDaysLeft(a, at)
  if (daysLeft === undefined) return undefined
  return {
    lastFreeDay: dayOf(localDay(at, lfdZoneOf(a))) + daysLeft,
    days: Math.max(0, -daysLeft),
    tiers: priced.tiers,
    currency: priced.currency ?? 'USD',
    settled,
  }
}
