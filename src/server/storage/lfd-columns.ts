import { countingLfd, type LfdFacts, lfdInstant, lfdSourcesOf } from '../../contract/lfd-sources'

/**
 * The last-free-day columns every writer of a container keeps in step: every source side by side, and
 * `pickup_lfd` with where it comes from, by the contract's one rule (`countingLfd`). The board's SQL then
 * reads `pickup_lfd` and `pickup_lfd_checked_at` and never repeats the rule.
 */
export function lfdColumns(row: LfdFacts) {
  const sources = lfdSourcesOf(row)
  const counts = countingLfd(row)
  return {
    lfd_sources: sources.length > 0 ? sources : null,
    pickup_lfd: counts ? new Date(lfdInstant(counts.source.value)) : null,
    pickup_lfd_source: counts?.source.kind ?? null,
    pickup_lfd_checked_at: counts?.source.checked_at ? new Date(counts.source.checked_at) : null,
  }
}
