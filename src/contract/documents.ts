import { z } from 'zod/mini'
import {
  jsonObject,
  listDocument,
  looseInteger,
  openEnum,
  resource,
  singleDocument,
  timestamp,
  toMany,
  toOne,
} from './document'

export const DOCUMENT_SOURCES = ['upload', 'api', 'email', 'split_document'] as const

export const DocumentRepresentationSchema = resource(
  'document_representation',
  {
    schema_version: z.nullish(z.string()),
    payload: z.nullish(jsonObject),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {},
)
export type DocumentRepresentation = z.infer<typeof DocumentRepresentationSchema>

export const DocumentSchema = resource(
  'document',
  {
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    source: z.nullish(openEnum(DOCUMENT_SOURCES)),
    document_type: z.nullish(z.string()),
    document_type_manual: z.nullish(z.string()),
    classification_notes: z.nullish(z.string()),
    file_name: z.nullish(z.string()),
    file_content_type: z.nullish(z.string()),
    file_size_bytes: z.nullish(looseInteger),
    extraction_status: z.nullish(z.string()),
    extraction_error: z.nullish(z.string()),
    extraction_attempts: z.nullish(looseInteger),
    corrections: z.nullish(jsonObject),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {
    account: z.optional(toOne),
    user: z.optional(toOne),
    email_submission: z.optional(toOne),
    last_document_representation: z.optional(toOne),
    shipments: z.optional(toMany),
    cargos: z.optional(toMany),
  },
)
export type Document = z.infer<typeof DocumentSchema>
export const DocumentDocumentSchema = singleDocument(DocumentSchema)
export const DocumentListDocumentSchema = listDocument(DocumentSchema)

export const DocumentDownloadUrlSchema = z.looseObject({
  download_url: z.string(),
  expires_at: z.nullish(timestamp),
})

const linkage = (type: string) =>
  z.object({
    data: z
      .array(z.object({ id: z.string().check(z.minLength(1)), type: z.literal(type) }))
      .check(z.maxLength(100)),
  })

const correction = z.nullish(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
const dateCorrection = z.nullish(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })),
)

export const DocumentPatchSchema = z.object({
  data: z.object({
    type: z.literal('document'),
    id: z.optional(z.string()),
    attributes: z.optional(
      z.strictObject({
        name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
        document_type_manual: z.nullish(z.string().check(z.trim(), z.maxLength(100))),
        classification_notes: z.nullish(z.string().check(z.maxLength(2000))),
        corrections: z.optional(
          z.strictObject({
            bill_of_lading_number: correction,
            container_numbers: z.nullish(
              z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(20))).check(z.maxLength(100)),
            ),
            vessel_name: correction,
            voyage_number: correction,
            port_of_loading: correction,
            port_of_discharge: correction,
            eta: dateCorrection,
            last_free_day: dateCorrection,
          }),
        ),
      }),
    ),
    relationships: z.optional(
      z.strictObject({
        shipments: z.optional(linkage('shipment')),
        cargos: z.optional(linkage('container')),
      }),
    ),
  }),
})
export type DocumentPatch = z.infer<typeof DocumentPatchSchema>
