import { z } from 'zod'
import { looseBoolean, looseNumber, resource, singleDocument, timestamp } from './document'

const VesselAttributes = {
  name: z.string().nullish(),
  imo: z.string().nullish(),
  mmsi: z.string().nullish(),
  latitude: looseNumber.nullish(),
  longitude: looseNumber.nullish(),
  nautical_speed_knots: looseNumber.nullish(),
  navigational_heading_degrees: looseNumber.nullish(),
  position_timestamp: timestamp.nullish(),
}

export const VesselSchema = resource('vessel', VesselAttributes, {})
export type Vessel = z.infer<typeof VesselSchema>
export const VesselDocumentSchema = singleDocument(VesselSchema)

export const VesselPositionSchema = z.looseObject({
  latitude: looseNumber,
  longitude: looseNumber,
  timestamp: timestamp.nullish(),
  estimated: looseBoolean.nullish(),
  heading: looseNumber.nullish(),
})
export type VesselPosition = z.infer<typeof VesselPositionSchema>

export const VesselWithPositionsSchema = resource(
  'vessel',
  { ...VesselAttributes, positions: z.array(VesselPositionSchema).nullish() },
  {},
)
export const VesselWithPositionsDocumentSchema = singleDocument(VesselWithPositionsSchema)
