import { z } from 'zod'
import { looseNumber, openEnum, resource, timestamp, toOne } from './document'

const dataSource = openEnum(['shipping_line', 'terminal', 'ais']).nullish()

/** Included in a shipment.estimated.arrival notification. */
export const EstimatedEventSchema = resource(
  'estimated_event',
  {
    created_at: timestamp.nullish(),
    estimated_timestamp: timestamp.nullish(),
    voyage_number: z.string().nullish(),
    event: z.string().nullish(),
    location_locode: z.string().nullish(),
    data_source: dataSource,
    timezone: z.string().nullish(),
  },
  { shipment: toOne.optional(), port: toOne.optional(), vessel: toOne.optional() },
)

const changeEventRelationships = {
  container: toOne.optional(),
  terminal: toOne.optional(),
  shipment: toOne.optional(),
}

/** Included in a container.updated notification: `changeset` maps an attribute to [before, after]. */
export const ContainerUpdatedEventSchema = resource(
  'container_updated_event',
  {
    changeset: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullish(),
    timestamp: timestamp.nullish(),
    data_source: dataSource,
    timezone: z.string().nullish(),
  },
  changeEventRelationships,
)
export type ContainerUpdatedEvent = z.infer<typeof ContainerUpdatedEventSchema>

export const ContainerCreatedEventSchema = resource(
  'container_created_event',
  { timestamp: timestamp.nullish(), data_source: dataSource, timezone: z.string().nullish() },
  changeEventRelationships,
)

export const ContainerPodTerminalChangedEventSchema = resource(
  'container_pod_terminal_changed_event',
  { timestamp: timestamp.nullish(), data_source: dataSource },
  changeEventRelationships,
)

export const MetroAreaSchema = resource(
  'metro_area',
  {
    name: z.string().nullish(),
    code: z.string().nullish(),
    state_abbr: z.string().nullish(),
    country_code: z.string().nullish(),
    time_zone: z.string().nullish(),
    latitude: looseNumber.nullish(),
    longitude: looseNumber.nullish(),
  },
  {},
)
