import { z } from 'zod/mini'
import {
  listDocument,
  looseInteger,
  openEnum,
  PaginationLinksSchema,
  resource,
  singleDocument,
  timestamp,
  toOne,
} from './document'

/** What a rule watches; a rule fires when its condition becomes true for a subject, not while it stays true. */
export const ALERT_CONDITION_KINDS = [
  'lfd_within',
  'overdue_accruing',
  'hold_appeared',
  'holds_cleared',
  'eta_slipped',
  'vessel_arrived',
  'container_discharged',
  'empty_not_returned',
  'document_arrived',
  'document_unreadable',
  'tracking_failed',
  'data_stale',
] as const
export type AlertConditionKind = (typeof ALERT_CONDITION_KINDS)[number]

export type AlertSubjectType = 'container' | 'document' | 'tracking_request'

type ConditionEntry = {
  label: string
  subject: AlertSubjectType
  /** The one number the condition takes, if any, with its bounds and default. */
  parameter?: { name: 'days' | 'hours'; min: number; max: number; default: number }
}

export const ALERT_CONDITIONS: Record<AlertConditionKind, ConditionEntry> = {
  lfd_within: {
    label: 'Last free day within N days, not picked up',
    subject: 'container',
    parameter: { name: 'days', min: 0, max: 30, default: 2 },
  },
  overdue_accruing: { label: 'Overdue, fees accruing', subject: 'container' },
  hold_appeared: { label: 'A hold appears', subject: 'container' },
  holds_cleared: { label: 'All holds clear (available)', subject: 'container' },
  eta_slipped: {
    label: 'ETA slips by more than N hours',
    subject: 'container',
    parameter: { name: 'hours', min: 1, max: 720, default: 24 },
  },
  vessel_arrived: { label: 'Vessel arrives', subject: 'container' },
  container_discharged: { label: 'Container discharged', subject: 'container' },
  empty_not_returned: { label: 'Empty not returned by its deadline', subject: 'container' },
  document_arrived: { label: 'A document arrives', subject: 'document' },
  document_unreadable: { label: 'A document cannot be read', subject: 'document' },
  tracking_failed: { label: 'A tracking request fails', subject: 'tracking_request' },
  data_stale: {
    label: 'Data for a container goes stale (N hours without news)',
    subject: 'container',
    parameter: { name: 'hours', min: 1, max: 720, default: 48 },
  },
}

export const ALERT_SCOPE_KINDS = ['all', 'customer', 'terminal', 'tag', 'custom_field'] as const
export const ALERT_CHANNELS = ['email', 'in_app', 'chat', 'webhook'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]
export const ALERT_DELIVERY_MODES = ['immediate', 'digest'] as const

const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM'))
const weekday = z.number().check(z.int(), z.gte(0), z.lte(6))

/** Sunday is 0, as in Date#getDay; `to` before `from` spans midnight. */
export const MuteTimeSchema = z.object({
  days: z.array(weekday).check(z.minLength(1), z.maxLength(7)),
  from: clockTime,
  to: clockTime,
})
export type MuteTime = z.infer<typeof MuteTimeSchema>

export const AlertConditionSchema = z.object({
  kind: z.enum(ALERT_CONDITION_KINDS),
  days: z.optional(z.number().check(z.int(), z.gte(0), z.lte(30))),
  hours: z.optional(z.number().check(z.int(), z.gte(1), z.lte(720))),
})
export type AlertCondition = z.infer<typeof AlertConditionSchema>

/** One field per kind: `party_id` for a customer, `terminal_id`, `tag`, or `field_name` with `field_value`. */
export const AlertScopeSchema = z.object({
  kind: z.enum(ALERT_SCOPE_KINDS),
  party_id: z.optional(z.uuid()),
  terminal_id: z.optional(z.string().check(z.maxLength(100))),
  tag: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  field_name: z.optional(z.string().check(z.maxLength(100))),
  field_value: z.optional(z.string().check(z.maxLength(500))),
})
export type AlertScope = z.infer<typeof AlertScopeSchema>

const ruleAttributes = {
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  enabled: z.optional(z.boolean()),
  condition: AlertConditionSchema,
  scope: AlertScopeSchema,
  recipient_user_ids: z.optional(z.array(z.uuid()).check(z.maxLength(50))),
  recipient_emails: z.optional(z.array(z.email()).check(z.maxLength(50))),
  channels: z.array(z.enum(ALERT_CHANNELS)).check(z.minLength(1), z.maxLength(4)),
  /** A Slack- or Teams-compatible incoming webhook; a secret, so it is never rendered whole. */
  chat_webhook_url: z.optional(z.nullable(z.url().check(z.maxLength(2000)))),
  delivery: z.optional(z.enum(ALERT_DELIVERY_MODES)),
  /** Local to each recipient (a person's time zone; the rule's for addresses). */
  digest_time: z.optional(clockTime),
  time_zone: z.optional(z.string().check(z.maxLength(64))),
  group_wait_seconds: z.optional(z.number().check(z.int(), z.gte(0), z.lte(3600))),
  /** Null: fires again only after the condition clears and comes back. */
  repeat_interval_hours: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(720)))),
  mute_times: z.optional(z.array(MuteTimeSchema).check(z.maxLength(14))),
}

export const AlertRuleCreateSchema = z.object({
  data: z.object({ type: z.literal('alert_rule'), attributes: z.strictObject(ruleAttributes) }),
})
export const AlertRuleUpdateSchema = z.object({
  data: z.object({
    type: z.literal('alert_rule'),
    id: z.optional(z.string()),
    attributes: z.partial(z.strictObject(ruleAttributes)),
  }),
})
export type AlertRuleInput = z.infer<typeof AlertRuleCreateSchema>['data']['attributes']

export const AlertRuleSchema = resource(
  'alert_rule',
  {
    name: z.string(),
    enabled: z.nullish(z.boolean()),
    condition: z.looseObject({
      kind: openEnum(ALERT_CONDITION_KINDS),
      days: z.nullish(looseInteger),
      hours: z.nullish(looseInteger),
    }),
    scope: z.looseObject({ kind: openEnum(ALERT_SCOPE_KINDS) }),
    recipient_user_ids: z.nullish(z.array(z.string())),
    recipient_emails: z.nullish(z.array(z.string())),
    channels: z.nullish(z.array(openEnum(ALERT_CHANNELS))),
    /** Only its host and last four characters, e.g. "hooks.slack.com …a1b2". */
    chat_webhook_hint: z.nullish(z.string()),
    delivery: z.nullish(openEnum(ALERT_DELIVERY_MODES)),
    digest_time: z.nullish(z.string()),
    time_zone: z.nullish(z.string()),
    group_wait_seconds: z.nullish(looseInteger),
    repeat_interval_hours: z.nullish(looseInteger),
    mute_times: z.nullish(
      z.array(z.looseObject({ days: z.array(looseInteger), from: z.string(), to: z.string() })),
    ),
    created_by_name: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
    last_fired_at: z.nullish(timestamp),
  },
  {},
)
export type AlertRule = z.infer<typeof AlertRuleSchema>
export const AlertRuleDocumentSchema = singleDocument(AlertRuleSchema)
export const AlertRuleListDocumentSchema = listDocument(AlertRuleSchema)

/** `meta` of `POST /v2/alert_rules/preview`: what the rule would have done over the last days. */
export const AlertRulePreviewSchema = z.looseObject({
  meta: z.looseObject({
    days: looseInteger,
    would_have_fired: looseInteger,
    examples: z.optional(z.array(z.looseObject({ subject_label: z.string(), fired_at: timestamp }))),
  }),
})

export const AlertSchema = resource(
  'alert',
  {
    rule_name: z.nullish(z.string()),
    condition_kind: z.nullish(openEnum(ALERT_CONDITION_KINDS)),
    subject_type: z.nullish(z.string()),
    fired_at: timestamp,
    /** In the contract's words (containerState), so an alert never says what the container page denies. */
    title: z.string(),
    body: z.nullish(z.string()),
    container_number: z.nullish(z.string()),
    bill_of_lading_number: z.nullish(z.string()),
    customer_name: z.nullish(z.string()),
    /** The zone of the place the alert is about (the port of discharge), so its time reads as the port's. */
    time_zone: z.nullish(z.string()),
    /** The caller's own copy in the bell; null for an account key. */
    read_at: z.nullish(timestamp),
  },
  /** Where opening the alert leads: its container, or the document or tracking request it is about. */
  {
    rule: z.optional(toOne),
    container: z.optional(toOne),
    shipment: z.optional(toOne),
    document: z.optional(toOne),
    tracking_request: z.optional(toOne),
  },
)
export type Alert = z.infer<typeof AlertSchema>
export const AlertListDocumentSchema = listDocument(AlertSchema)
/** The bell's list: `meta.unread_count` is the caller's unread alerts, whatever the page holds. */
export const AlertInboxDocumentSchema = z.looseObject({
  data: z.array(AlertSchema),
  links: z.optional(PaginationLinksSchema),
  meta: z.optional(
    z.looseObject({
      size: z.optional(looseInteger),
      total: z.optional(looseInteger),
      unread_count: z.optional(looseInteger),
    }),
  ),
})
