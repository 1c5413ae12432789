import { z } from 'zod'
import { WebhookEventKindSchema } from './event-kinds'

/** `POST /webhooks/trigger`: send one example notification of a kind to a URL, now. */
export const WebhookTriggerSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  event: WebhookEventKindSchema,
  secret: z.string().min(1).max(200).optional(),
})
export type WebhookTrigger = z.infer<typeof WebhookTriggerSchema>

const headerMap = z.record(z.string(), z.string())

/** What the test delivery did, as the real service reports it (a plain object, not a JSON:API document). */
export const WebhookTriggerResultSchema = z.looseObject({
  url: z.string(),
  succeeded: z.boolean(),
  error: z.string().nullable(),
  status_code: z.number().int().nullable(),
  request_headers: headerMap,
  request_body: z.string(),
  response_headers: headerMap.nullable(),
  response_body: z.string().nullable(),
})
export type WebhookTriggerResult = z.infer<typeof WebhookTriggerResultSchema>
