import { z } from 'zod/mini'
import { looseBoolean, looseNumber, resource, singleDocument, timestamp } from './document'

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
