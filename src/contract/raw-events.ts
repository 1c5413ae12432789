import { z } from 'zod/mini'
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
    event: z.nullish(z.string()),
    original_event: z.nullish(z.string()),
    timestamp: z.nullish(timestamp),
    estimated: z.nullish(looseBoolean),
    actual_on: z.nullish(calendarDate),
    estimated_on: z.nullish(calendarDate),
    actual_at: z.nullish(timestamp),
    estimated_at: z.nullish(timestamp),
    timezone: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    location_name: z.nullish(z.string()),
    location_locode: z.nullish(z.string()),
    vessel_name: z.nullish(z.string()),
    vessel_imo: z.nullish(z.string()),
    index: z.nullish(looseInteger),
    voyage_number: z.nullish(z.string()),
  },
  { location: z.optional(toOne), vessel: z.optional(toOne) },
)
export type RawEvent = z.infer<typeof RawEventSchema>
export const RawEventListDocumentSchema = listDocument(RawEventSchema)
