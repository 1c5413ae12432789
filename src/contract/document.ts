import { z } from 'zod'

/** A number that the real service may send as a numeric string ("53.53"). */
export const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'Expected a number')
    .transform(Number),
])

/** An integer that may arrive as a string. */
export const looseInteger = looseNumber.pipe(z.number().int())

/** A boolean that may arrive as "true"/"false". */
export const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
])

/** A known set of values that still accepts values a newer server adds: unknown ones are kept, not thrown. */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string()])

/** ISO 8601 timestamp as sent; kept as text so nothing is lost, formatted at render time. */
export const timestamp = z.string()

/** Calendar date (YYYY-MM-DD) or a timestamp the real service uses for a date. */
export const calendarDate = z.string()

export const ResourceIdentifierSchema = z.looseObject({ id: z.string(), type: z.string() })
export type ResourceIdentifier = z.infer<typeof ResourceIdentifierSchema>

export const toOne = z.looseObject({
  data: ResourceIdentifierSchema.nullable().optional(),
  links: z.record(z.string(), z.unknown()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export const toMany = z.looseObject({
  data: z.array(ResourceIdentifierSchema).optional(),
  links: z.record(z.string(), z.unknown()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
})

export const ResourceLinksSchema = z.looseObject({ self: z.string().nullish() })

/**
 * A JSON:API resource object. Attributes and relationships keep unknown keys, because the real
 * service adds attributes (and repeats `id` inside attributes) that a strict parser would drop or reject.
 */
export const resource = <
  const T extends string,
  A extends z.core.$ZodLooseShape,
  R extends z.core.$ZodLooseShape,
>(
  type: T,
  attributes: A,
  relationships: R,
) =>
  z.looseObject({
    id: z.string(),
    type: z.literal(type),
    attributes: z.looseObject(attributes),
    relationships: z.looseObject(relationships).optional(),
    links: ResourceLinksSchema.optional(),
  })

/** Any resource object, whatever its type: the shape of an entry in `included`. */
export const AnyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  relationships: z.record(z.string(), z.unknown()).optional(),
  links: ResourceLinksSchema.optional(),
})
export type AnyResource = z.infer<typeof AnyResourceSchema>

export const PaginationLinksSchema = z.looseObject({
  self: z.string().nullish(),
  current: z.string().nullish(),
  first: z.string().nullish(),
  prev: z.string().nullish(),
  next: z.string().nullish(),
  last: z.string().nullish(),
})
export type PaginationLinks = z.infer<typeof PaginationLinksSchema>

export const PaginationMetaSchema = z.looseObject({
  size: looseInteger.optional(),
  total: looseInteger.optional(),
})
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>

/** `{data, included, links, meta}` around a single resource. */
export const singleDocument = <D extends z.ZodType>(data: D) =>
  z.looseObject({
    data,
    included: z.array(AnyResourceSchema).optional(),
    links: PaginationLinksSchema.optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })

/** `{data: [...], included, links, meta}` around a page of resources. */
export const listDocument = <D extends z.ZodType>(item: D) =>
  z.looseObject({
    data: z.array(item),
    included: z.array(AnyResourceSchema).optional(),
    links: PaginationLinksSchema.optional(),
    meta: PaginationMetaSchema.optional(),
  })

export const ErrorObjectSchema = z.looseObject({
  status: z.union([z.string(), z.number().transform(String)]).nullish(),
  title: z.string().nullish(),
  detail: z.string().nullish(),
  code: z.string().nullish(),
  source: z
    .looseObject({
      pointer: z.string().nullish(),
      parameter: z.string().nullish(),
    })
    .nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
})
export type ErrorObject = z.infer<typeof ErrorObjectSchema>

export const ErrorDocumentSchema = z.looseObject({ errors: z.array(ErrorObjectSchema) })
export type ErrorDocument = z.infer<typeof ErrorDocumentSchema>
