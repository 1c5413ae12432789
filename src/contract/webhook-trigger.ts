import { z } from 'zod/mini'
import { WebhookEventKindSchema } from './event-kinds'

export const WebhookTriggerSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  event: WebhookEventKindSchema,
  secret: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
})
export type WebhookTrigger = z.infer<typeof WebhookTriggerSchema>

const headerMap = z.record(z.string(), z.string())

/** Headers and body stay null, so the trigger cannot be used to read what an internal address answers. */
export const WebhookTriggerResultSchema = z.looseObject({
  url: z.string(),
  succeeded: z.boolean(),
  error: z.nullable(z.string()),
  status_code: z.nullable(z.number().check(z.int())),
  request_headers: headerMap,
  request_body: z.string(),
  response_headers: z.nullable(headerMap),
  response_body: z.nullable(z.string()),
  duration_ms: z.optional(z.nullable(z.number())),
})
export type WebhookTriggerResult = z.infer<typeof WebhookTriggerResultSchema>
