import { z } from 'zod/mini'
import { jsonObject, resource, singleDocument, timestamp } from './document'

export const DOCUMENT_TYPES = [
  { code: 'bill_of_lading', label: 'Bill of lading' },
  { code: 'arrival_notice', label: 'Arrival notice' },
  { code: 'commercial_invoice', label: 'Commercial invoice' },
  { code: 'packing_list', label: 'Packing list' },
  { code: 'delivery_order', label: 'Delivery order' },
  { code: 'customs_entry', label: 'Customs entry' },
  { code: 'certificate_of_origin', label: 'Certificate of origin' },
  { code: 'other', label: 'Other' },
] as const

export const DocumentTypesSchema = z.looseObject({
  document_types: z.array(z.looseObject({ code: z.string(), label: z.string() })),
})

export const REPRESENTATION_SCHEMA_VERSION = '1.0'

export const RepresentationPayloadSchema = z.looseObject({
  document_type: z.string(),
  bill_of_lading_number: z.nullish(z.string()),
  bill_of_lading_numbers: z.optional(z.array(z.string())),
  container_numbers: z.optional(z.array(z.string())),
  vessel_name: z.nullish(z.string()),
  voyage_number: z.nullish(z.string()),
  port_of_loading: z.nullish(z.string()),
  port_of_discharge: z.nullish(z.string()),
  eta: z.nullish(z.string()),
  last_free_day: z.nullish(z.string()),
  fees: z.optional(z.array(z.looseObject({ type: z.string(), amount: z.number(), currency: z.string() }))),
  values: z.optional(
    z.array(
      z.looseObject({
        field: z.string(),
        value: z.unknown(),
        page: z.number(),
        start: z.number(),
        end: z.number(),
        text: z.string(),
        confidence: z.number(),
      }),
    ),
  ),
  /** Kept through every re-extraction. */
  corrected_fields: z.optional(z.array(z.string())),
})

export const DocumentSchemaSchema = resource(
  'document_schema',
  {
    document_type: z.string(),
    label: z.nullish(z.string()),
    schema_version: z.string(),
    full_version: z.string(),
    current: z.nullish(z.boolean()),
    draft: z.nullish(z.boolean()),
    active_at: z.nullish(timestamp),
    schema_format: z.nullish(z.string()),
    description: z.nullish(z.string()),
    schema_payload: z.nullish(jsonObject),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {},
)
export const DocumentSchemaDocumentSchema = singleDocument(DocumentSchemaSchema)

export const DocumentRotateSchema = z.strictObject({
  degrees: z.union([z.literal(90), z.literal(180), z.literal(270)], {
    error: 'degrees must be one of: 90, 180, 270',
  }),
})

export const DocumentUploadSchema = z.object({
  file: z.string().check(z.describe('The file (PDF, image, spreadsheet, Word or text), at most 20 MB')),
  name: z.optional(z.string().check(z.maxLength(200))),
})

export const DocumentActionResultSchema = z.looseObject({ status: z.literal('accepted') })
