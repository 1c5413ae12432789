import { z } from 'zod'
import { listDocument, openEnum, resource, singleDocument, timestamp, toOne } from './document'
import { WEBHOOK_EVENT_KINDS } from './event-kinds'

export const TransportEventSchema = resource(
  'transport_event',
  {
    event: openEnum(WEBHOOK_EVENT_KINDS),
    created_at: timestamp.nullish(),
    voyage_number: z.string().nullish(),
    timestamp: timestamp.nullish(),
    location_locode: z.string().nullish(),
    timezone: z.string().nullish(),
    data_source: openEnum(['shipping_line', 'terminal', 'ais']).nullish(),
  },
  {
    shipment: toOne.optional(),
    container: toOne.optional(),
    vessel: toOne.optional(),
    location: toOne.optional(),
    terminal: toOne.optional(),
  },
)
export type TransportEvent = z.infer<typeof TransportEventSchema>
export const TransportEventDocumentSchema = singleDocument(TransportEventSchema)
export const TransportEventListDocumentSchema = listDocument(TransportEventSchema)
