import { z } from 'zod/mini'
import { listDocument, looseBoolean, looseInteger, openEnum, resource, timestamp } from './document'

export const SearchMatchSchema = z.looseObject({
  matched_on: openEnum(['number', 'customer', 'vessel']),
  matched_text: z.nullish(z.string()),
})

const SearchResultResource = resource(
  'search_result',
  {
    entity_type: openEnum(['shipment', 'cargo', 'tracking_request']),
    number: z.nullish(z.string()),
    shipment_id: z.nullish(z.string()),
    scac: z.nullish(z.string()),
    port_of_lading_name: z.nullish(z.string()),
    port_of_discharge_name: z.nullish(z.string()),
    containers_count: z.nullish(looseInteger),
    tracking_stopped: z.nullish(looseBoolean),
    tracking_stopped_reason: z.nullish(z.string()),
    status: z.nullish(z.string()),
    failed_reason: z.nullish(z.string()),
    ref_numbers: z.nullish(z.array(z.string())),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {},
)
export const SearchResultSchema = z.extend(SearchResultResource, { meta: z.optional(SearchMatchSchema) })
export type SearchResult = z.infer<typeof SearchResultSchema>
export const SearchResultListDocumentSchema = listDocument(SearchResultSchema)
