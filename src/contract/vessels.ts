import { z } from 'zod/mini'
import {
  listDocument,
  looseBoolean,
  looseNumber,
  openEnum,
  resource,
  singleDocument,
  timestamp,
  toMany,
} from './document'

const VesselAttributes = {
  name: z.nullish(z.string()),
  imo: z.nullish(z.string()),
  mmsi: z.nullish(z.string()),
  latitude: z.nullish(looseNumber),
  longitude: z.nullish(looseNumber),
  nautical_speed_knots: z.nullish(looseNumber),
  navigational_heading_degrees: z.nullish(looseNumber),
  position_timestamp: z.nullish(timestamp),
}

export const VesselSchema = resource('vessel', VesselAttributes, {})
export type Vessel = z.infer<typeof VesselSchema>
export const VesselDocumentSchema = singleDocument(VesselSchema)

export const VesselPositionSchema = z.looseObject({
  latitude: looseNumber,
  longitude: looseNumber,
  timestamp: z.nullish(timestamp),
  estimated: z.nullish(looseBoolean),
  heading: z.nullish(looseNumber),
})
export type VesselPosition = z.infer<typeof VesselPositionSchema>

export const VesselWithPositionsSchema = resource(
  'vessel',
  { ...VesselAttributes, positions: z.nullish(z.array(VesselPositionSchema)) },
  {},
)
export const VesselWithPositionsDocumentSchema = singleDocument(VesselWithPositionsSchema)

/** Most urgent first. */
export const VESSEL_MAP_STATES = ['on_hold', 'delayed', 'on_time'] as const
export type VesselMapState = (typeof VESSEL_MAP_STATES)[number]

const MapTime = z.nullish(timestamp)

export const VesselOnMapSchema = resource(
  'vessel',
  {
    ...VesselAttributes,
    state: z.nullish(openEnum(VESSEL_MAP_STATES)),
    voyage_number: z.nullish(z.string()),
    previous_port: z.nullish(z.looseObject({ locode: z.string(), name: z.nullish(z.string()) })),
    next_port: z.nullish(
      z.looseObject({
        locode: z.string(),
        name: z.nullish(z.string()),
        latitude: z.nullish(looseNumber),
        longitude: z.nullish(looseNumber),
        is_port_of_discharge: z.nullish(looseBoolean),
        time_zone: z.nullish(z.string()),
      }),
    ),
    /** Its ETA is the one the account's shipments ending there carry, else the schedule's. */
    next_call: z.nullish(
      z.looseObject({
        locode: z.string(),
        name: z.nullish(z.string()),
        time_zone: z.nullish(z.string()),
        is_port_of_discharge: z.nullish(looseBoolean),
        arrives_at: MapTime,
        eta_range: z.nullish(z.looseObject({ earliest: MapTime, likely: MapTime, latest: MapTime })),
      }),
    ),
    departed_at: MapTime,
    arrives_at: MapTime,
    eta_range: z.nullish(z.looseObject({ earliest: MapTime, likely: MapTime, latest: MapTime })),
    forecast: z.nullish(z.array(VesselPositionSchema)),
    container_counts: z.nullish(
      z.looseObject({
        aboard: looseNumber,
        on_hold: z.nullish(looseNumber),
        delayed: z.nullish(looseNumber),
      }),
    ),
  },
  { containers: z.optional(toMany), shipments: z.optional(toMany) },
)
export type VesselOnMap = z.infer<typeof VesselOnMapSchema>
export const VesselMapDocumentSchema = listDocument(VesselOnMapSchema)
