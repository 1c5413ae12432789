import { z } from 'zod/mini'
import {
  listDocument,
  looseBoolean,
  looseInteger,
  openEnum,
  resource,
  singleDocument,
  timestamp,
  toMany,
  toOne,
} from './document'
import { WEBHOOK_EVENT_KINDS, WebhookEventKindSchema } from './event-kinds'
import { NotificationMetaSchema } from './notification-states'

const HeaderSchema = z.looseObject({ name: z.string(), value: z.string() })

export const WebhookSchema = resource(
  'webhook',
  {
    url: z.string(),
    active: z.nullish(looseBoolean),
    events: z.nullish(z.array(openEnum(WEBHOOK_EVENT_KINDS))),
    secret: z.nullish(z.string()),
    headers: z.nullish(z.array(HeaderSchema)),
    previous_secret_expires_at: z.nullish(timestamp),
    disabled_at: z.nullish(timestamp),
    disabled_reason: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {},
)
export type Webhook = z.infer<typeof WebhookSchema>
export const WebhookDocumentSchema = singleDocument(WebhookSchema)
export const WebhookListDocumentSchema = listDocument(WebhookSchema)

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

export const WebhookNotificationLogSchema = resource(
  'webhook_notification_log',
  {
    status_code: z.nullish(looseInteger),
    duration_ms: z.nullish(looseInteger),
    response_excerpt: z.nullish(z.string()),
    error: z.nullish(z.string()),
    request_headers: z.nullish(z.record(z.string(), z.string())),
    attempted_at: z.nullish(timestamp),
  },
  {},
)
export type WebhookNotificationLog = z.infer<typeof WebhookNotificationLogSchema>

export const WebhookNotificationSchema = resource(
  'webhook_notification',
  {
    id: z.nullish(z.string()),
    event: openEnum(WEBHOOK_EVENT_KINDS),
    delivery_status: z.nullish(openEnum(DELIVERY_STATUSES)),
    created_at: z.nullish(timestamp),
    attempts: z.nullish(looseInteger),
    next_attempt_at: z.nullish(timestamp),
    delivered_at: z.nullish(timestamp),
    last_status_code: z.nullish(looseInteger),
    last_duration_ms: z.nullish(looseInteger),
    last_error: z.nullish(z.string()),
  },
  {
    reference_object: z.optional(toOne),
    webhook: z.optional(toOne),
    webhook_notification_logs: z.optional(toMany),
  },
)
export type WebhookNotification = z.infer<typeof WebhookNotificationSchema>
export const WebhookNotificationDocumentSchema = z.extend(singleDocument(WebhookNotificationSchema), {
  meta: z.optional(NotificationMetaSchema),
})
export const WebhookNotificationListDocumentSchema = listDocument(WebhookNotificationSchema)

const RESERVED_HEADER =
  /^(host|content-length|content-type|content-encoding|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|proxy-[a-z0-9-]*|x-t49-webhook-signature|webhook-[a-z0-9-]*)$/i

/** Only tabs and printable ASCII, so line breaks cannot start a header of their own. */
const isHeaderValue = (value: string) => /^[\t\x20-\x7e]*$/.test(value)

export const WebhookHeaderNameSchema = z.string().check(
  z.trim(),
  z.regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name uses letters, digits and dashes'),
  z.refine((name) => !RESERVED_HEADER.test(name), 'Quayside sets this header itself; choose another name'),
)

export const WebhookHeaderValueSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(1000),
    z.refine(
      isHeaderValue,
      'A header value may use printable ASCII characters and tabs only, with no line breaks',
    ),
  )

const headers = z
  .array(z.strictObject({ name: WebhookHeaderNameSchema, value: WebhookHeaderValueSchema }))
  .check(z.maxLength(20))

export const WebhookCreateSchema = z.object({
  data: z.object({
    type: z.literal('webhook'),
    attributes: z.strictObject({
      url: z.url({ protocol: /^https?$/ }),
      // as the real service's does
      events: z.optional(z.array(WebhookEventKindSchema).check(z.minLength(1, 'Choose at least one event'))),
      active: z.optional(z.boolean()),
      headers: z.optional(headers),
    }),
  }),
})
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>

export const WebhookPatchSchema = z.object({
  data: z.object({
    type: z.literal('webhook'),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      url: z.optional(z.url({ protocol: /^https?$/ })),
      events: z.optional(z.array(WebhookEventKindSchema).check(z.minLength(1, 'Choose at least one event'))),
      active: z.optional(z.boolean()),
      headers: z.optional(headers),
    }),
  }),
})
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>

export const WebhookIpsDocumentSchema = z.looseObject({
  webhook_notification_ips: z.array(z.string()),
  last_updated: z.nullish(z.string()),
})

export const WebhookEventCategorySchema = resource(
  'webhook_event_category',
  {
    name: z.string(),
    events: z.array(z.looseObject({ name: z.string(), description: z.nullish(z.string()) })),
  },
  {},
)
export const WebhookEventCategoryListDocumentSchema = listDocument(WebhookEventCategorySchema)

export const DELIVERY_LOG_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const

export const WebhookHealthSchema = resource(
  'webhook_health',
  {
    attempts_24h: looseInteger,
    succeeded_24h: looseInteger,
    success_rate_24h: z.nullable(z.number()),
    pending: looseInteger,
    retrying: z.optional(looseInteger),
    last_failure_at: z.nullish(timestamp),
    last_failure_reason: z.nullish(z.string()),
    last_failure_status_code: z.nullish(looseInteger),
  },
  {},
)
export type WebhookHealth = z.infer<typeof WebhookHealthSchema>
export const WebhookHealthListDocumentSchema = listDocument(WebhookHealthSchema)

export const WebhookRedeliverSchema = z
  .strictObject({
    from: z.optional(z.iso.datetime({ offset: true })),
    to: z.optional(z.iso.datetime({ offset: true })),
  })
  .check(
    z.refine((range) => !range.from || !range.to || Date.parse(range.from) <= Date.parse(range.to), {
      message: 'The range ends before it starts',
      path: ['to'],
    }),
  )

export const WebhookRedeliveryResultSchema = z.looseObject({
  redelivered: looseInteger,
  notification_ids: z.array(z.string()),
})
export type WebhookRedeliveryResult = z.infer<typeof WebhookRedeliveryResultSchema>

export const WebhookPayloadSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string() }),
  included: z.optional(z.array(z.unknown())),
})
