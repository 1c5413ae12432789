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

export const CustomFieldValueSchema = z.union(
  [z.string(), z.number(), z.boolean(), z.array(z.string()), jsonObject, z.null()],
  { error: 'must be text, a number, true or false, a list of texts, an object or null' },
)

export const CustomFieldSchema = resource(
  'custom_field',
  {
    api_slug: z.string(),
    value: z.optional(CustomFieldValueSchema),
    display_value: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
    /** Send it back as `If-Match` so a write never overwrites another. */
    version: z.optional(looseInteger),
  },
  { entity: z.optional(toOne), definition: z.optional(toOne), updated_by: z.optional(toOne) },
)
export type CustomField = z.infer<typeof CustomFieldSchema>
export const CustomFieldDocumentSchema = singleDocument(CustomFieldSchema)
export const CustomFieldListDocumentSchema = listDocument(CustomFieldSchema)

export const CustomFieldDefinitionSchema = resource(
  'custom_field_definition',
  {
    entity_type: z.nullish(openEnum(CUSTOM_FIELD_ENTITY_TYPES)),
    api_slug: z.string(),
    display_name: z.nullish(z.string()),
    description: z.nullish(z.string()),
    data_type: openEnum(CUSTOM_FIELD_DATA_TYPES),
    reference_type: z.nullish(z.string()),
    validation: z.nullish(jsonObject),
    default_format: z.nullish(z.string()),
    default_value: z.optional(z.unknown()),
    value_count: z.optional(looseInteger),
    option_count: z.optional(looseInteger),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  { account: z.optional(toOne), fields: z.optional(toMany), options: z.optional(toMany) },
)
export type CustomFieldDefinition = z.infer<typeof CustomFieldDefinitionSchema>
export const CustomFieldDefinitionDocumentSchema = singleDocument(CustomFieldDefinitionSchema)
export const CustomFieldDefinitionListDocumentSchema = listDocument(CustomFieldDefinitionSchema)

export const CustomFieldOptionSchema = resource(
  'custom_field_option',
  {
    label: z.string(),
    value: z.string(),
    position: z.nullish(looseInteger),
    value_count: z.optional(looseInteger),
  },
  { definition: z.optional(toOne) },
)
export type CustomFieldOption = z.infer<typeof CustomFieldOptionSchema>
export const CustomFieldOptionDocumentSchema = singleDocument(CustomFieldOptionSchema)
export const CustomFieldOptionListDocumentSchema = listDocument(CustomFieldOptionSchema)

export const CustomFieldChangeSchema = resource(
  'custom_field_change',
  {
    action: openEnum(['created', 'updated', 'removed'] as const),
    value: z.optional(CustomFieldValueSchema),
    display_value: z.nullish(z.string()),
    previous_value: z.optional(CustomFieldValueSchema),
    previous_display_value: z.nullish(z.string()),
    changed_by: z.nullish(z.string()),
    changed_at: timestamp,
  },
  { custom_field: z.optional(toOne), definition: z.optional(toOne) },
)
export type CustomFieldChange = z.infer<typeof CustomFieldChangeSchema>
export const CustomFieldChangeListDocumentSchema = listDocument(CustomFieldChangeSchema)

const slug = z
  .string()
  .check(
    z.trim(),
    z.regex(
      /^[a-z][a-z0-9_]{0,62}$/,
      'Use lower-case letters, digits and underscores, starting with a letter',
    ),
  )

export const CustomFieldUpsertSchema = z.object({
  data: z.object({
    type: z.literal('custom_field'),
    attributes: z.strictObject({ api_slug: slug, value: CustomFieldValueSchema }),
  }),
})
export const CustomFieldPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field'),
    id: z.optional(z.string()),
    attributes: z.strictObject({ value: CustomFieldValueSchema }),
  }),
})

export const CustomFieldCreateSchema = z.object({
  data: z.object({
    type: z.literal('custom_field'),
    attributes: z.strictObject({ api_slug: slug, value: CustomFieldValueSchema }),
    relationships: z.strictObject({
      entity: z.object({
        data: z.object({
          type: z.enum(['shipment', 'container', 'cargo', 'tracking_request']),
          id: z.string().check(z.minLength(1)),
        }),
      }),
    }),
  }),
})

const ValidationRulesSchema = z.strictObject({
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  min_length: z.optional(z.number().check(z.int(), z.gte(0))),
  max_length: z.optional(z.number().check(z.int(), z.gte(1))),
})
const definitionExtras = {
  validation: z.nullish(ValidationRulesSchema),
  default_format: z.nullish(z.string().check(z.maxLength(100))),
  default_value: z.optional(CustomFieldValueSchema),
}

export const CustomFieldDefinitionCreateSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_definition'),
    attributes: z.strictObject({
      entity_type: z.enum(CUSTOM_FIELD_ENTITY_TYPES),
      api_slug: slug,
      display_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      description: z.nullish(z.string().check(z.maxLength(1000))),
      data_type: z.enum(CUSTOM_FIELD_DATA_TYPES),
      reference_type: z.nullish(z.string().check(z.maxLength(100))),
      ...definitionExtras,
    }),
  }),
})
export const CustomFieldDefinitionPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_definition'),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      /** The slug can change until the field has a value. */
      api_slug: z.optional(slug),
      display_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      description: z.nullish(z.string().check(z.maxLength(1000))),
      ...definitionExtras,
    }),
  }),
})

/** Stored as a 32-bit integer. */
const position = z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647, 'A position is at most 2147483647'))

export const CustomFieldOptionCreateSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_option'),
    attributes: z.strictObject({
      label: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      value: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      position: z.optional(position),
    }),
  }),
})
export const CustomFieldOptionPatchSchema = z.object({
  data: z.object({
    type: z.literal('custom_field_option'),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      position: z.optional(position),
    }),
  }),
})
