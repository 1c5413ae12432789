import { z } from 'zod/mini'
import { listDocument, looseNumber, resource, singleDocument, toMany } from './document'

export const PortSchema = resource(
  'port',
  {
    name: z.nullish(z.string()),
    code: z.nullish(z.string()),
    state_abbr: z.nullish(z.string()),
    city: z.nullish(z.string()),
    country_code: z.nullish(z.string()),
    time_zone: z.nullish(z.string()),
    latitude: z.nullish(looseNumber),
    longitude: z.nullish(looseNumber),
  },
  { terminals: z.optional(toMany) },
)
export type Port = z.infer<typeof PortSchema>
export const PortDocumentSchema = singleDocument(PortSchema)
export const PortListDocumentSchema = listDocument(PortSchema)

/** The metro area around a port, by the port's UN/LOCODE. */
export const MetroAreaSchema = resource(
  'metro_area',
  {
    name: z.nullish(z.string()),
    code: z.nullish(z.string()),
    state_abbr: z.nullish(z.string()),
    country_code: z.nullish(z.string()),
    time_zone: z.nullish(z.string()),
    latitude: z.nullish(looseNumber),
    longitude: z.nullish(looseNumber),
  },
  {},
)
export const MetroAreaDocumentSchema = singleDocument(MetroAreaSchema)
