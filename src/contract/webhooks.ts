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
    /** Quayside: until when the secret before the last rotation still signs beside the new one. */
    previous_secret_expires_at: z.nullish(timestamp),
    /** Quayside: when and why the service turned the webhook off after a long run of failures. */
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
    /** Quayside: the headers sent, signatures included (never the secret). */
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
    // Quayside: when the next try is due, and what the latest attempt answered
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
/** A notification as delivered: Terminal49's document, with Quayside's `meta.container_states`. */
export const WebhookNotificationDocumentSchema = z.extend(singleDocument(WebhookNotificationSchema), {
  meta: z.optional(NotificationMetaSchema),
})
export const WebhookNotificationListDocumentSchema = listDocument(WebhookNotificationSchema)

/** Headers the service sets on every delivery, or that would change how the request is framed or routed. */
const RESERVED_HEADER =
  /^(host|content-length|content-type|content-encoding|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|proxy-[a-z0-9-]*|x-t49-webhook-signature|webhook-[a-z0-9-]*)$/i

/**
 * A header value goes out as bytes on the wire: only tabs and printable ASCII, so that line breaks cannot
 * start a header of their own and no character is one the HTTP client refuses at every delivery.
 */
const isHeaderValue = (value: string) => /^[\t\x20-\x7e]*$/.test(value)

/** A custom header's name: a token Quayside does not set itself. */
export const WebhookHeaderNameSchema = z.string().check(
  z.trim(),
  z.regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name uses letters, digits and dashes'),
  z.refine((name) => !RESERVED_HEADER.test(name), 'Quayside sets this header itself; choose another name'),
)

/** A custom header's value, as the bytes that go on the wire. */
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
      // without events a webhook hears every kind, as the real service's does
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

/** GET /webhooks/events: the event kinds by category, each with what it announces. */
export const WebhookEventCategorySchema = resource(
  'webhook_event_category',
  {
    name: z.string(),
    events: z.array(z.looseObject({ name: z.string(), description: z.nullish(z.string()) })),
  },
  {},
)
export const WebhookEventCategoryListDocumentSchema = listDocument(WebhookEventCategorySchema)

/** The states the delivery log filters by: pending is untried, retrying has failed and will be tried again. */
export const DELIVERY_LOG_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const

/** Quayside: how a webhook's deliveries went over the last day, and its latest failure. */
export const WebhookHealthSchema = resource(
  'webhook_health',
  {
    attempts_24h: looseInteger,
    succeeded_24h: looseInteger,
    /** Successful attempts over all attempts in the last day, 0 to 1; null without attempts. */
    success_rate_24h: z.nullable(z.number()),
    /** Notifications not tried yet, and those tried that will be tried again: the log's two waiting states. */
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

/** Quayside: send again, under their own ids, a webhook's failed notifications written in a time range. */
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

/** Quayside: the exact body a notification is delivered with, a `webhook_notification` document. */
export const WebhookPayloadSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string() }),
  included: z.optional(z.array(z.unknown())),
})
