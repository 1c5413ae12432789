import { z } from 'zod'
import { listDocument, looseBoolean, looseInteger, openEnum, resource, timestamp } from './document'

export const SearchResultSchema = resource(
  'search_result',
  {
    entity_type: openEnum(['shipment', 'cargo', 'tracking_request']),
    number: z.string().nullish(),
    shipment_id: z.string().nullish(),
    scac: z.string().nullish(),
    port_of_lading_name: z.string().nullish(),
    port_of_discharge_name: z.string().nullish(),
    containers_count: looseInteger.nullish(),
    tracking_stopped: looseBoolean.nullish(),
    tracking_stopped_reason: z.string().nullish(),
    status: z.string().nullish(),
    failed_reason: z.string().nullish(),
    ref_numbers: z.array(z.string()).nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  {},
)
export type SearchResult = z.infer<typeof SearchResultSchema>
export const SearchResultListDocumentSchema = listDocument(SearchResultSchema)
