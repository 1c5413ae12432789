import { type ChargeSpan, chargeInPeriod, type DayPeriod } from '../../contract/charge-period'
import type { ChargeTotals } from '../../contract/charges-summary'

export type ChargedContainer = {
  groupId: string | null
  groupName: string
  demurrage?: ChargeSpan
  detention?: ChargeSpan
  /** Containers alike in every input, priced once; 1 unless given. */
  count?: number
}

export type ChargeGroup = { groupId: string | null; name: string } & ChargeTotals

const blank = (currency: string, detention: boolean): ChargeTotals => ({
  currency,
  containers: 0,
  days_past_free_time: 0,
  demurrage_days: 0,
  demurrage_settled: 0,
  demurrage_accruing: 0,
  detention_days: detention ? 0 : null,
  detention_settled: detention ? 0 : null,
  detention_accruing: detention ? 0 : null,
})

type Kind = 'demurrage' | 'detention'

function addCharge(
  figures: ChargeTotals,
  kind: Kind,
  span: ChargeSpan,
  charged: { days: number; amount: number },
  count: number,
) {
  figures.days_past_free_time += count * charged.days
  figures[`${kind}_days`] = (figures[`${kind}_days`] ?? 0) + count * charged.days
  const key = `${kind}_${span.settled ? 'settled' : 'accruing'}` as const
  figures[key] = (figures[key] ?? 0) + count * charged.amount
}

const entryOf = <T>(map: Map<string, T>, key: string, make: () => T) => {
  const found = map.get(key)
  if (found) return found
  const made = make()
  map.set(key, made)
  return made
}

const total = (g: ChargeTotals) =>
  g.demurrage_settled + g.demurrage_accruing + (g.detention_settled ?? 0) + (g.detention_accruing ?? 0)

/**
 * Per group and currency: the days past free time that fall in the period and what they cost, settled or
 * accruing. A container counts in a group when one of its charged days falls in the period. Containers are
 * added one at a time, so a caller may give the event loop turns between them.
 */
export function chargeSums(period: DayPeriod, detentionAvailable: boolean) {
  const groups = new Map<string, ChargeGroup>()
  const totals = new Map<string, ChargeTotals>()
  const add = (container: ChargedContainer) => {
    const count = container.count ?? 1
    const touched = new Set<ChargeTotals>()
    for (const kind of ['demurrage', 'detention'] as const) {
      const span = container[kind]
      if (!span || (kind === 'detention' && !detentionAvailable)) continue
      const charged = chargeInPeriod(span, period)
      if (charged.days === 0) continue
      const key = `${container.groupId ?? ''}|${span.currency}`
      const group = entryOf(groups, key, () => ({
        groupId: container.groupId,
        name: container.groupName,
        ...blank(span.currency, detentionAvailable),
      }))
      const sum = entryOf(totals, span.currency, () => blank(span.currency, detentionAvailable))
      for (const figures of [group, sum]) {
        addCharge(figures, kind, span, charged, count)
        if (!touched.has(figures)) figures.containers += count
        touched.add(figures)
      }
    }
  }
  const result = () => {
    const rows = [...groups.values()].sort(
      (a, b) => total(b) - total(a) || a.name.localeCompare(b.name) || a.currency.localeCompare(b.currency),
    )
    return { rows, totals: [...totals.values()] }
  }
  return { add, result }
}

/** `chargeSums` over a list at once. */
export function aggregateCharges(
  containers: Iterable<ChargedContainer>,
  period: DayPeriod,
  detentionAvailable: boolean,
) {
  const sums = chargeSums(period, detentionAvailable)
  for (const container of containers) sums.add(container)
  return sums.result()
}
