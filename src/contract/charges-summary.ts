import { z } from 'zod/mini'
import { calendarDate, listDocument, looseInteger, looseNumber, resource } from './document'

/** `group_by` of `GET /v2/charges_summary` (a Quayside extension). */
export const CHARGE_GROUPINGS = ['customer', 'terminal'] as const
export type ChargeGrouping = (typeof CHARGE_GROUPINGS)[number]

/** A longer period is refused, so one answer prices a bounded number of days per container. */
export const MAX_CHARGE_PERIOD_DAYS = 366

const money = z.nullish(looseNumber)

const ChargeFigures = {
  currency: z.string(),
  containers: looseInteger,
  /** Demurrage days plus detention days, in the period. */
  days_past_free_time: looseInteger,
  demurrage_days: looseInteger,
  /** Picked up: the charge is fixed. Not a record of payment. */
  demurrage_settled: looseNumber,
  /** Still waiting: what it has come to by now. */
  demurrage_accruing: looseNumber,
  /** Null while detention is not priced. */
  detention_days: z.nullish(looseInteger),
  detention_settled: money,
  detention_accruing: money,
}

export const ChargesSummaryRowSchema = resource(
  'charges_summary_row',
  {
    group_by: z.string(),
    /** The party's or terminal's id; null for containers with no customer or no terminal. */
    group_id: z.nullish(z.string()),
    name: z.string(),
    ...ChargeFigures,
  },
  {},
)
export type ChargesSummaryRow = z.infer<typeof ChargesSummaryRowSchema>

export const ChargeTotalsSchema = z.looseObject(ChargeFigures)
export type ChargeTotals = z.infer<typeof ChargeTotalsSchema>

export const ChargesSummaryDocumentSchema = z.extend(listDocument(ChargesSummaryRowSchema), {
  meta: z.looseObject({
    group_by: z.string(),
    from: calendarDate,
    to: calendarDate,
    /** One per currency. */
    totals: z.array(ChargeTotalsSchema),
    detention_available: z.boolean(),
    notes: z.array(z.string()),
  }),
})
export type ChargesSummaryDocument = z.infer<typeof ChargesSummaryDocumentSchema>
