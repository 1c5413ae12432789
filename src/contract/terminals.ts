import { z } from 'zod/mini'
import { listDocument, looseInteger, looseNumber, resource, singleDocument, toOne } from './document'

export const DemurrageTariffSchema = z.looseObject({
  currency: z.nullish(z.string()),
  free_days: z.nullish(looseInteger),
  tiers: z.array(z.looseObject({ from_day: looseInteger, per_day: looseNumber })),
  source: z.nullish(z.string()),
})
export type DemurrageTariff = z.infer<typeof DemurrageTariffSchema>

export const TerminalSchema = resource(
  'terminal',
  {
    name: z.nullish(z.string()),
    nickname: z.nullish(z.string()),
    firms_code: z.nullish(z.string()),
    smdg_code: z.nullish(z.string()),
    bic_facility_code: z.nullish(z.string()),
    street: z.nullish(z.string()),
    city: z.nullish(z.string()),
    state: z.nullish(z.string()),
    state_abbr: z.nullish(z.string()),
    zip: z.nullish(z.string()),
    country: z.nullish(z.string()),
    demurrage_tariff: z.nullish(DemurrageTariffSchema),
  },
  { port: z.optional(toOne) },
)
export type Terminal = z.infer<typeof TerminalSchema>
export const TerminalDocumentSchema = singleDocument(TerminalSchema)
export const TerminalListDocumentSchema = listDocument(TerminalSchema)

export const RailTerminalSchema = resource(
  'rail_terminal',
  { name: z.nullish(z.string()), nickname: z.nullish(z.string()), firms_code: z.nullish(z.string()) },
  { port: z.optional(toOne), metro_area: z.optional(toOne) },
)
