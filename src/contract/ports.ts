import { z } from 'zod'
import { listDocument, looseNumber, resource, singleDocument, toMany } from './document'

export const PortSchema = resource(
  'port',
  {
    name: z.string().nullish(),
    code: z.string().nullish(),
    state_abbr: z.string().nullish(),
    city: z.string().nullish(),
    country_code: z.string().nullish(),
    time_zone: z.string().nullish(),
    latitude: looseNumber.nullish(),
    longitude: looseNumber.nullish(),
  },
  { terminals: toMany.optional() },
)
export type Port = z.infer<typeof PortSchema>
export const PortDocumentSchema = singleDocument(PortSchema)
export const PortListDocumentSchema = listDocument(PortSchema)
