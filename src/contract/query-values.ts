import { z } from 'zod/mini'

// a builder only lists off the first route use has a file of its own (boolean-value, date-value), so the
// board's JavaScript carries only the builders it reads with

/** A query value as the API reads it from its text; a message ends a sentence that starts with its name. */
export type QueryValue<T = unknown> = z.ZodMiniType<T>

// @__NO_SIDE_EFFECTS__
export const textValue = (max = 100) =>
  z.pipe(
    z.string().check(z.maxLength(max, `must be at most ${max} characters`)),
    z.transform((raw) => raw.trim()),
  )

/** Text as sent, with no limit: what Terminal49's own list filters take. */
export const anyText: QueryValue<string> = z.string()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const uuidValue: QueryValue<string> = z.string().check(z.regex(UUID, 'must be a UUID'))

// @__NO_SIDE_EFFECTS__
export const oneOfValue = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` })

// @__NO_SIDE_EFFECTS__
export const daysValue = (max: number): QueryValue<number> =>
  z.pipe(
    z.string().check(
      z.refine((raw) => /^\d{1,2}$/.test(raw) && Number(raw) <= max, {
        error: `must be a whole number from 0 to ${max}`,
      }),
    ),
    z.transform(Number),
  )
