import { z } from 'zod/mini'

export const JSON_API = 'application/vnd.api+json'

/** The real service may send a numeric string ("53.53"). */
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

// Marked free of side effects, as zod marks its own, so a bundle drops schemas its pages never read.

/** Unknown values a newer server adds are kept, not thrown. */
// @__NO_SIDE_EFFECTS__
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()])
}

/** Kept as text so nothing is lost; formatted at render time. */
export const timestamp = z.string()

export const calendarDate = z.string()

/** A looser twin of a string-keyed record that needs less code. */
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

/** Loose: the real service adds attributes (and repeats `id` inside them) that a strict parser would reject. */
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
