import { z } from 'zod'
import {
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
    schema_version: z.string().nullish(),
    payload: z.record(z.string(), z.unknown()).nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  {},
)
export type DocumentRepresentation = z.infer<typeof DocumentRepresentationSchema>

/** Both shapes: the short one embedded in an email submission and the full one from the document endpoints. */
export const DocumentSchema = resource(
  'document',
  {
    id: z.string().nullish(),
    name: z.string().nullish(),
    source: openEnum(DOCUMENT_SOURCES).nullish(),
    document_type: z.string().nullish(),
    document_type_manual: z.string().nullish(),
    classification_notes: z.string().nullish(),
    file_name: z.string().nullish(),
    file_content_type: z.string().nullish(),
    file_size_bytes: looseInteger.nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  {
    account: toOne.optional(),
    user: toOne.optional(),
    email_submission: toOne.optional(),
    last_document_representation: toOne.optional(),
    shipments: toMany.optional(),
    cargos: toMany.optional(),
  },
)
export type Document = z.infer<typeof DocumentSchema>
export const DocumentDocumentSchema = singleDocument(DocumentSchema)
export const DocumentListDocumentSchema = listDocument(DocumentSchema)

/** GET /documents/{id}/download_url: a short-lived link that works without an API key, as the real service's. */
export const DocumentDownloadUrlSchema = z.looseObject({
  download_url: z.string(),
  expires_at: timestamp.nullish(),
})

const linkage = (type: string) =>
  z.object({ data: z.array(z.object({ id: z.string().min(1), type: z.literal(type) })).max(100) })

/** PATCH /documents/{id}: the editable fields and the shipments and containers the document belongs to. */
export const DocumentPatchSchema = z.object({
  data: z.object({
    type: z.literal('document'),
    id: z.string().optional(),
    attributes: z
      .strictObject({
        name: z.string().trim().min(1).max(200).optional(),
        document_type_manual: z.string().trim().max(100).nullish(),
        classification_notes: z.string().max(2000).nullish(),
      })
      .optional(),
    relationships: z
      .strictObject({ shipments: linkage('shipment').optional(), cargos: linkage('container').optional() })
      .optional(),
  }),
})
export type DocumentPatch = z.infer<typeof DocumentPatchSchema>
