import { z } from 'zod/mini'
import { resource, singleDocument, timestamp } from './document'

/** A hundred days: enough to pass any free time or return deadline in one step. */
export const MAX_CLOCK_ADVANCE_HOURS = 2400

export const ClockAdvanceSchema = z.object({
  data: z.object({
    type: z.literal('clock_advance'),
    attributes: z.strictObject({
      hours: z.int().check(z.minimum(1), z.maximum(MAX_CLOCK_ADVANCE_HOURS)),
    }),
  }),
})

export const ClockDocumentSchema = singleDocument(
  resource('service_clock', { now: timestamp, advanced_hours: z.number() }, {}),
)
