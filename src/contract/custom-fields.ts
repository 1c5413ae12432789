import { z } from 'zod'
import { listDocument, looseInteger, openEnum, resource, singleDocument, timestamp, toOne } from './document'

export const CUSTOM_FIELD_DATA_TYPES = [
  'short_text',
  'number',
  'date',
  'datetime',
  'boolean',
  'enum',
  'enum_multi',
  'reference',
] as const
export const CUSTOM_FIELD_ENTITY_TYPES = ['Shipment', 'Container', 'TrackingRequest'] as const

export const CustomFieldValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.record(z.string(), z.unknown()),
  z.null(),
])

export const CustomFieldSchema = resource(
  'custom_field',
  {
    api_slug: z.string(),
    value: CustomFieldValueSchema.optional(),
    display_value: z.string().nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  { entity: toOne.optional(), definition: toOne.optional(), updated_by: toOne.optional() },
)
export type CustomField = z.infer<typeof CustomFieldSchema>
export const CustomFieldDocumentSchema = singleDocument(CustomFieldSchema)
export const CustomFieldListDocumentSchema = listDocument(CustomFieldSchema)

export const CustomFieldDefinitionSchema = resource(
  'custom_field_definition',
  {
    entity_type: openEnum(CUSTOM_FIELD_ENTITY_TYPES).nullish(),
    api_slug: z.string(),
    display_name: z.string().nullish(),
    description: z.string().nullish(),
    data_type: openEnum(CUSTOM_FIELD_DATA_TYPES),
    reference_type: z.string().nullish(),
    validation: z.record(z.string(), z.unknown()).nullish(),
    default_format: z.string().nullish(),
    default_value: z.unknown().optional(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  {},
)
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>
export const CustomFieldDefinitionDocumentSchema = singleDocument(CustomFieldDefinitionSchema)
export const CustomFieldDefinitionListDocumentSchema = listDocument(CustomFieldDefinitionSchema)

export const CustomFieldOptionSchema = resource(
  'custom_field_option',
  { label: z.string(), value: z.string(), position: looseInteger.nullish() },
  { definition: toOne.optional() },
)
export type CustomFieldOption = z.infer<typeof CustomFieldOptionSchema>
export const CustomFieldOptionDocumentSchema = singleDocument(CustomFieldOptionSchema)
export const CustomFieldOptionListDocumentSchema = listDocument(CustomFieldOptionSchema)

const slug = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Use lower-case letters, digits and underscores, starting with a letter')

/** POST /{entity}/{id}/custom_fields: creates or updates the value for `api_slug`. */
export const CustomFieldUpsertSchema = z.object({
  data: z.object({
    type: z.literal('custom_field'),
    attributes: z.strictObject({ api_slug: slug, value: CustomFieldValueSchema }),
  }),
})
export const CustomFieldPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field'),
    attributes: z.strictObject({ value: CustomFieldValueSchema }),
  }),
})

export const CustomFieldDefinitionCreateSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_definition'),
    attributes: z.strictObject({
      entity_type: z.enum(CUSTOM_FIELD_ENTITY_TYPES),
      api_slug: slug,
      display_name: z.string().trim().min(1).max(100),
      description: z.string().max(1000).nullish(),
      data_type: z.enum(CUSTOM_FIELD_DATA_TYPES),
      reference_type: z.string().max(100).nullish(),
    }),
  }),
})
export const CustomFieldDefinitionPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_definition'),
    id: z.string().optional(),
    attributes: z.strictObject({
      display_name: z.string().trim().min(1).max(100).optional(),
      description: z.string().max(1000).nullish(),
    }),
  }),
})

export const CustomFieldOptionCreateSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_option'),
    attributes: z.strictObject({
      label: z.string().trim().min(1).max(100),
      value: z.string().trim().min(1).max(100),
      position: z.number().int().min(0).optional(),
    }),
  }),
})
export const CustomFieldOptionPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_option'),
    id: z.string().optional(),
    attributes: z.strictObject({
      label: z.string().trim().min(1).max(100).optional(),
      position: z.number().int().min(0).optional(),
    }),
  }),
})
