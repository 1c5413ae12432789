import { z } from 'zod/mini'
import { listDocument, openEnum, resource, singleDocument, timestamp, toOne } from './document'
import { WEBHOOK_EVENT_KINDS } from './event-kinds'

export const TransportEventSchema = resource(
  'transport_event',
  {
    event: openEnum(WEBHOOK_EVENT_KINDS),
    created_at: z.nullish(timestamp),
    voyage_number: z.nullish(z.string()),
    timestamp: z.nullish(timestamp),
    location_locode: z.nullish(z.string()),
    timezone: z.nullish(z.string()),
    data_source: z.nullish(openEnum(['shipping_line', 'terminal', 'ais'])),
  },
  {
    shipment: z.optional(toOne),
    container: z.optional(toOne),
    vessel: z.optional(toOne),
    location: z.optional(toOne),
    terminal: z.optional(toOne),
  },
)
export type TransportEvent = z.infer<typeof TransportEventSchema>
export const TransportEventDocumentSchema = singleDocument(TransportEventSchema)
export const TransportEventListDocumentSchema = listDocument(TransportEventSchema)
