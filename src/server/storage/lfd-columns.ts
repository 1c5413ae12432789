import { countingLfd, type LfdFacts, lfdInstant, lfdSourcesOf } from '../../contract/lfd-sources'

/** Kept in step by every writer, so the board's SQL reads `pickup_lfd` and never repeats the rule. */
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
