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

const WaitingCounts = z.looseObject({ available: looseNumber, on_hold: looseNumber, overdue: looseNumber })

export const PortWithContainersSchema = resource(
  'port',
  {
    name: z.nullish(z.string()),
    code: z.nullish(z.string()),
    latitude: z.nullish(looseNumber),
    longitude: z.nullish(looseNumber),
    time_zone: z.nullish(z.string()),
    container_counts: z.nullish(WaitingCounts),
    terminals: z.nullish(
      z.array(
        z.looseObject({ id: z.string(), name: z.nullish(z.string()), container_counts: WaitingCounts }),
      ),
    ),
  },
  {},
)
export type PortWithContainers = z.infer<typeof PortWithContainersSchema>
export const PortWithContainersListSchema = listDocument(PortWithContainersSchema)
