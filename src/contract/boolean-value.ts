import { z } from 'zod/mini'
import type { QueryValue } from './query-values'

export const booleanValue: QueryValue<boolean> = z.pipe(
  z.enum(['true', 'false'], { error: 'must be true or false' }),
  z.transform((raw) => raw === 'true'),
)
