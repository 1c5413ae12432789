import type { ChargesSummaryDocument, ChargeTotals } from '../../../contract/charges-summary'

/** A table row: a customer's or terminal's figures in one currency, or the period's total in one. */
export type ChargeLine = ChargeTotals & { id: string; name: string; total: boolean }

const demurrageOf = (line: ChargeTotals) => line.demurrage_settled + line.demurrage_accruing

const detentionOf = (line: ChargeTotals) =>
  line.detention_settled === null || line.detention_settled === undefined
    ? undefined
    : line.detention_settled + (line.detention_accruing ?? 0)

export const chargeSum = (line: ChargeTotals) => demurrageOf(line) + (detentionOf(line) ?? 0)

/** The groups as the service ordered them (largest first), then a totals row per currency. */
export function chargeLines(document: ChargesSummaryDocument): ChargeLine[] {
  const several = document.meta.totals.length > 1
  return [
    ...document.data.map((row) => ({ ...row.attributes, id: row.id, total: false })),
    ...document.meta.totals.map((totals) => ({
      ...totals,
      id: `total:${totals.currency}`,
      name: several ? `Total (${totals.currency})` : 'Total',
      total: true,
    })),
  ]
}
