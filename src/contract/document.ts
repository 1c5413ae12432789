import { z } from 'zod/mini'

/** The JSON:API media type: what the service answers and accepts. */
export const JSON_API = 'application/vnd.api+json'

/** A number that the real service may send as a numeric string ("53.53"). */
export const looseNumber = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'Expected a number')),
    z.transform(Number),
  ),
])

export const looseInteger = z.pipe(looseNumber, z.number().check(z.int()))

export const looseBoolean = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
])

// The builders below are marked free of side effects, as zod marks its own, so that a bundle drops every
// schema built with them that its pages never read.

/** A known set of values that still accepts values a newer server adds: unknown ones are kept, not thrown. */
// @__NO_SIDE_EFFECTS__
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()])
}

/** ISO 8601 timestamp as sent; kept as text so nothing is lost, formatted at render time. */
export const timestamp = z.string()

/** Calendar date (YYYY-MM-DD) or a timestamp the real service uses for a date. */
export const calendarDate = z.string()

/** Any JSON object, every key kept as sent (a looser twin of a string-keyed record that needs less code). */
export const jsonObject = z.looseObject({})

export const ResourceIdentifierSchema = z.looseObject({ id: z.string(), type: z.string() })
export type ResourceIdentifier = z.infer<typeof ResourceIdentifierSchema>

export const toOne = z.looseObject({
  data: z.optional(z.nullable(ResourceIdentifierSchema)),
  links: z.optional(jsonObject),
  meta: z.optional(jsonObject),
})

export const toMany = z.looseObject({
  data: z.optional(z.array(ResourceIdentifierSchema)),
  links: z.optional(jsonObject),
  meta: z.optional(jsonObject),
})

export const ResourceLinksSchema = z.looseObject({ self: z.nullish(z.string()) })

/**
 * A JSON:API resource object. Attributes and relationships keep unknown keys, because the real
 * service adds attributes (and repeats `id` inside attributes) that a strict parser would drop or reject.
 */
// @__NO_SIDE_EFFECTS__
export function resource<
  const T extends string,
  A extends z.core.$ZodLooseShape,
  R extends z.core.$ZodLooseShape,
>(type: T, attributes: A, relationships: R) {
  return z.looseObject({
    id: z.string(),
    type: z.literal(type),
    attributes: z.looseObject(attributes),
    relationships: z.optional(z.looseObject(relationships)),
    links: z.optional(ResourceLinksSchema),
  })
}

/** Any resource object, whatever its type: the shape of an entry in `included`. */
export const AnyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.optional(jsonObject),
  relationships: z.optional(jsonObject),
  links: z.optional(ResourceLinksSchema),
})
export type AnyResource = z.infer<typeof AnyResourceSchema>

export const PaginationLinksSchema = z.looseObject({
  self: z.nullish(z.string()),
  current: z.nullish(z.string()),
  first: z.nullish(z.string()),
  prev: z.nullish(z.string()),
  next: z.nullish(z.string()),
  last: z.nullish(z.string()),
})
export type PaginationLinks = z.infer<typeof PaginationLinksSchema>

export const PaginationMetaSchema = z.looseObject({
  size: z.optional(looseInteger),
  total: z.optional(looseInteger),
})
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>

// @__NO_SIDE_EFFECTS__
export function singleDocument<D extends z.ZodMiniType>(data: D) {
  return z.looseObject({
    data,
    included: z.optional(z.array(AnyResourceSchema)),
    links: z.optional(PaginationLinksSchema),
    meta: z.optional(jsonObject),
  })
}

// @__NO_SIDE_EFFECTS__
export function listDocument<D extends z.ZodMiniType>(item: D) {
  return z.looseObject({
    data: z.array(item),
    included: z.optional(z.array(AnyResourceSchema)),
    links: z.optional(PaginationLinksSchema),
    meta: z.optional(PaginationMetaSchema),
  })
}

export const ErrorObjectSchema = z.looseObject({
  status: z.nullish(z.union([z.string(), z.pipe(z.number(), z.transform(String))])),
  title: z.nullish(z.string()),
  detail: z.nullish(z.string()),
  code: z.nullish(z.string()),
  source: z.nullish(
    z.looseObject({
      pointer: z.nullish(z.string()),
      parameter: z.nullish(z.string()),
      header: z.nullish(z.string()),
    }),
  ),
  meta: z.nullish(jsonObject),
})
export type ErrorObject = z.infer<typeof ErrorObjectSchema>

export const ErrorDocumentSchema = z.looseObject({ errors: z.array(ErrorObjectSchema) })
export type ErrorDocument = z.infer<typeof ErrorDocumentSchema>
