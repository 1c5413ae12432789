import { z } from 'zod/mini'
import { looseBoolean, looseInteger, looseNumber } from './document'

/**
 * A shipping line's detention (per diem) tariff for the empty: free days from the day of pickup, then
 * daily charges in tiers, day 1 being the first day past the return deadline. `ports` is the lane (ports of
 * discharge by UN/LOCODE); a tariff without ports is the line's default.
 */
export const DetentionTariffSchema = z.looseObject({
  currency: z.nullish(z.string()),
  free_days: looseInteger,
  /** Saturdays and Sundays do not use up free days (the charges after the deadline run every day). */
  weekends_excluded: z.nullish(looseBoolean),
  tiers: z.array(z.looseObject({ from_day: looseInteger, per_day: looseNumber })),
  ports: z.nullish(z.array(z.string())),
  source: z.nullish(z.string()),
})
export type DetentionTariff = z.infer<typeof DetentionTariffSchema>
