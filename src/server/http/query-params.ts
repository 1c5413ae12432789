import { z } from 'zod/mini'
import { isUuid } from '../storage/reference-store'
import type { QueryFamily } from './route'

/** Why a query value was refused, as the end of a sentence that starts with the parameter's name. */
class Refusal {
  constructor(readonly sentence: string) {}
}
export const refuse = (sentence: string) => new Refusal(sentence)

type Reader<T> = (raw: string) => T | Refusal

const single = z.string({
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once'),
})

const reading = <T, E>(read: Reader<T>, empty: () => E | Refusal) =>
  z.transform<string, Exclude<T | E, Refusal>>((raw, context) => {
    const value = raw === '' ? empty() : read(raw)
    if (!(value instanceof Refusal)) return value as Exclude<T | E, Refusal>
    context.issues.push({ code: 'custom', message: value.sentence, input: raw })
    return z.NEVER
  })

function described<S extends z.core.$ZodType>(schema: S, description: string | undefined): S {
  if (description) z.globalRegistry.add(schema, { description })
  return schema
}

/** Absent and empty are the same; a refusal is the route's 400 naming the parameter. */
// @__NO_SIDE_EFFECTS__
export function optional<T>(read: Reader<T>, description?: string) {
  return described(
    z.optional(
      z.pipe(
        single,
        reading(read, () => undefined),
      ),
    ),
    description,
  )
}

// @__NO_SIDE_EFFECTS__
export function defaulted<T>(
  read: Reader<T>,
  fallback: Exclude<NoInfer<T>, Refusal | undefined>,
  description?: string,
) {
  const schema = z.pipe(
    single,
    reading<T, never>(read, () => fallback as never),
  )
  // biome-ignore lint/suspicious/noExplicitAny: zod types a default by the schema's output, which is T here
  return described(z._default(schema, fallback as any), description)
}

// @__NO_SIDE_EFFECTS__
export function required<T>(read: Reader<T>, description?: string) {
  return described(
    z.pipe(
      single,
      reading<T, never>(read, () => refuse('is required')),
    ),
    description,
  )
}

export const asText = (raw: string) => raw

export const asUuid = (raw: string) => (isUuid(raw) ? raw : refuse('must be a UUID'))

export const asOneOf =
  <const T extends readonly string[]>(values: T) =>
  (raw: string) =>
    (values as readonly string[]).includes(raw)
      ? (raw as T[number])
      : refuse(`must be one of ${values.join(', ')}`)

export const asDate = (raw: string) => {
  const date = new Date(raw)
  // JavaScript dates reach years PostgreSQL cannot store; four-digit years fit both
  const year = date.getUTCFullYear()
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999
    ? refuse('must be an ISO 8601 date or time between the years 1 and 9999')
    : date
}

export const asCoordinate = (limit: 90 | 180) => (raw: string) => {
  const value = Number(raw)
  return raw.trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit
    ? refuse(`must be a number between -${limit} and ${limit}`)
    : value
}

export const asPositive = (raw: string) =>
  /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : refuse('must be a positive whole number')

/** Checked against the resource graph when the document is rendered. */
/** Read by `readSparseFields`. */
export const fieldsFamily: QueryFamily = {
  pattern: /^fields\[([a-z][a-z0-9_]*)\]$/,
  template: 'fields[{type}]',
  prefix: 'fields',
  description:
    'JSON:API sparse fieldsets: a comma-separated list of the attributes and relationships to show for ' +
    'resources of that type, in the data and in included. A name the type lacks is left out; empty is ' +
    'the same as absent',
}

export const includeQuery = {
  // kept as sent: an empty include asks for none, where a route otherwise includes some by default
  include: described(z.optional(single), 'Comma-separated relationship paths to include'),
}
