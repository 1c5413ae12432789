import { z } from 'zod'
import {
  calendarDate,
  listDocument,
  looseBoolean,
  looseInteger,
  resource,
  timestamp,
  toOne,
} from './document'

export const RawEventSchema = resource(
  'raw_event',
  {
    event: z.string().nullish(),
    original_event: z.string().nullish(),
    timestamp: timestamp.nullish(),
    estimated: looseBoolean.nullish(),
    actual_on: calendarDate.nullish(),
    estimated_on: calendarDate.nullish(),
    actual_at: timestamp.nullish(),
    estimated_at: timestamp.nullish(),
    timezone: z.string().nullish(),
    created_at: timestamp.nullish(),
    location_name: z.string().nullish(),
    location_locode: z.string().nullish(),
    vessel_name: z.string().nullish(),
    vessel_imo: z.string().nullish(),
    index: looseInteger.nullish(),
    voyage_number: z.string().nullish(),
  },
  { location: toOne.optional(), vessel: toOne.optional() },
)
export type RawEvent = z.infer<typeof RawEventSchema>
export const RawEventListDocumentSchema = listDocument(RawEventSchema)
