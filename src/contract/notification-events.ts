import { z } from 'zod/mini'
import { looseNumber, openEnum, resource, timestamp, toOne } from './document'

const dataSource = z.nullish(openEnum(['shipping_line', 'terminal', 'ais']))

export const EstimatedEventSchema = resource(
  'estimated_event',
  {
    created_at: z.nullish(timestamp),
    estimated_timestamp: z.nullish(timestamp),
    voyage_number: z.nullish(z.string()),
    event: z.nullish(z.string()),
    location_locode: z.nullish(z.string()),
    data_source: dataSource,
    timezone: z.nullish(z.string()),
  },
  { shipment: z.optional(toOne), port: z.optional(toOne), vessel: z.optional(toOne) },
)

const changeEventRelationships = {
  container: z.optional(toOne),
  terminal: z.optional(toOne),
  shipment: z.optional(toOne),
}

export const ContainerUpdatedEventSchema = resource(
  'container_updated_event',
  {
    changeset: z.nullish(z.record(z.string(), z.tuple([z.unknown(), z.unknown()]))),
    timestamp: z.nullish(timestamp),
    data_source: dataSource,
    timezone: z.nullish(z.string()),
  },
  changeEventRelationships,
)
export type ContainerUpdatedEvent = z.infer<typeof ContainerUpdatedEventSchema>

export const ContainerCreatedEventSchema = resource(
  'container_created_event',
  { timestamp: z.nullish(timestamp), data_source: dataSource, timezone: z.nullish(z.string()) },
  changeEventRelationships,
)

export const ContainerPodTerminalChangedEventSchema = resource(
  'container_pod_terminal_changed_event',
  { timestamp: z.nullish(timestamp), data_source: dataSource },
  changeEventRelationships,
)

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
