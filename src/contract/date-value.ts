import { z } from 'zod/mini'
import type { QueryValue } from './query-values'

/** An ISO 8601 date or time that both JavaScript and PostgreSQL can hold (years 1 to 9999). */
export const dateValue: QueryValue<Date> = z.pipe(
  z.string().check(
    z.refine(
      (raw) => {
        const date = new Date(raw)
        const year = date.getUTCFullYear()
        return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999
      },
      { error: 'must be an ISO 8601 date or time between the years 1 and 9999' },
    ),
  ),
  z.transform((raw) => new Date(raw)),
)
