import { z } from 'zod'
import { listDocument, resource, singleDocument, toOne } from './document'

export const TerminalSchema = resource(
  'terminal',
  {
    name: z.string().nullish(),
    nickname: z.string().nullish(),
    firms_code: z.string().nullish(),
    smdg_code: z.string().nullish(),
    bic_facility_code: z.string().nullish(),
    street: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    state_abbr: z.string().nullish(),
    zip: z.string().nullish(),
    country: z.string().nullish(),
  },
  { port: toOne.optional() },
)
export type Terminal = z.infer<typeof TerminalSchema>
export const TerminalDocumentSchema = singleDocument(TerminalSchema)
export const TerminalListDocumentSchema = listDocument(TerminalSchema)

export const RailTerminalSchema = resource(
  'rail_terminal',
  { name: z.string().nullish(), nickname: z.string().nullish(), firms_code: z.string().nullish() },
  { port: toOne.optional(), metro_area: toOne.optional() },
)
