import { z } from 'zod'
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

const HeaderSchema = z.looseObject({ name: z.string(), value: z.string() })

export const WebhookSchema = resource(
  'webhook',
  {
    url: z.string(),
    active: looseBoolean.nullish(),
    events: z.array(openEnum(WEBHOOK_EVENT_KINDS)).nullish(),
    secret: z.string().nullish(),
    headers: z.array(HeaderSchema).nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
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
    status_code: looseInteger.nullish(),
    duration_ms: looseInteger.nullish(),
    response_excerpt: z.string().nullish(),
    error: z.string().nullish(),
    attempted_at: timestamp.nullish(),
  },
  {},
)

export const WebhookNotificationSchema = resource(
  'webhook_notification',
  {
    id: z.string().nullish(),
    event: openEnum(WEBHOOK_EVENT_KINDS),
    delivery_status: openEnum(DELIVERY_STATUSES).nullish(),
    created_at: timestamp.nullish(),
    attempts: looseInteger.nullish(),
  },
  {
    reference_object: toOne.optional(),
    webhook: toOne.optional(),
    webhook_notification_logs: toMany.optional(),
  },
)
export type WebhookNotification = z.infer<typeof WebhookNotificationSchema>
export const WebhookNotificationDocumentSchema = singleDocument(WebhookNotificationSchema)
export const WebhookNotificationListDocumentSchema = listDocument(WebhookNotificationSchema)

/** Headers the service sets on every delivery, or that would change how the request is framed or routed. */
const RESERVED_HEADER =
  /^(host|content-length|content-type|content-encoding|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|proxy-[a-z0-9-]*|x-t49-webhook-signature|webhook-[a-z0-9-]*)$/i

/** Line breaks would let a value start a header of its own; other control characters are refused by HTTP. */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => {
    const code = char.charCodeAt(0)
    return (code < 0x20 && char !== '\t') || code === 0x7f
  })

const headers = z
  .array(
    z.strictObject({
      name: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name uses letters, digits and dashes')
        .refine(
          (name) => !RESERVED_HEADER.test(name),
          'Quayside sets this header itself; choose another name',
        ),
      value: z
        .string()
        .max(1000)
        .refine(
          (value) => !hasControlCharacter(value),
          'A header value may not contain line breaks or control characters',
        ),
    }),
  )
  .max(20)

export const WebhookCreateSchema = z.object({
  data: z.object({
    type: z.literal('webhook'),
    attributes: z.strictObject({
      url: z.url({ protocol: /^https?$/ }),
      events: z.array(WebhookEventKindSchema).min(1, 'Choose at least one event'),
      active: z.boolean().optional(),
      headers: headers.optional(),
    }),
  }),
})
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>

export const WebhookPatchSchema = z.object({
  data: z.object({
    type: z.literal('webhook'),
    id: z.string().optional(),
    attributes: z.strictObject({
      url: z.url({ protocol: /^https?$/ }).optional(),
      events: z.array(WebhookEventKindSchema).min(1, 'Choose at least one event').optional(),
      active: z.boolean().optional(),
      headers: headers.optional(),
    }),
  }),
})
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>

export const WebhookIpsDocumentSchema = z.looseObject({
  ips: z.array(z.string()).optional(),
  last_updated: z.string().nullish(),
})
