import {
  ALERT_CONDITIONS,
  type AlertChannel,
  type AlertConditionKind,
  type AlertRule,
  type AlertRuleInput,
  type MuteTime,
} from '../../../contract/alerts'

export type ScopeKind = 'all' | 'customer' | 'terminal' | 'tag' | 'custom_field'

/** The form's own shape: numbers as typed text, so a half-typed value is not lost or coerced. */
export type AlertRuleFormValues = {
  name: string
  enabled: boolean
  conditionKind: AlertConditionKind
  parameter: string
  scopeKind: ScopeKind
  partyId: string
  terminalId: string
  tag: string
  fieldName: string
  fieldValue: string
  recipientUserIds: string[]
  recipientEmails: string
  channels: AlertChannel[]
  /** Write-only: blank keeps the URL the rule has. */
  chatWebhookUrl: string
  delivery: 'immediate' | 'digest'
  digestTime: string
  timeZone: string
  groupWaitSeconds: string
  /** Blank: again only after the condition clears and comes back. */
  repeatIntervalHours: string
  muteTimes: MuteTime[]
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

function parameterOf(rule: AlertRule | undefined, kind: AlertConditionKind) {
  const parameter = ALERT_CONDITIONS[kind]?.parameter
  if (!parameter) return ''
  const saved = rule?.attributes.condition[parameter.name]
  return text(saved ?? parameter.default)
}

/** A new rule tells its creator (when a person) at once, in the app and by email. */
export function alertRuleFormValues(
  rule: AlertRule | undefined,
  defaults: { timeZone: string; userId?: string },
): AlertRuleFormValues {
  const a = rule?.attributes
  const scope = (a?.scope ?? { kind: 'all' }) as Record<string, unknown>
  const kind = (a?.condition.kind ?? 'lfd_within') as AlertConditionKind
  const scopeText = (key: string) => (typeof scope[key] === 'string' ? (scope[key] as string) : '')
  return {
    name: a?.name ?? '',
    enabled: a?.enabled ?? true,
    conditionKind: kind,
    parameter: parameterOf(rule, kind),
    scopeKind: (scope.kind as ScopeKind) ?? 'all',
    partyId: scopeText('party_id'),
    terminalId: scopeText('terminal_id'),
    tag: scopeText('tag'),
    fieldName: scopeText('field_name'),
    fieldValue: scopeText('field_value'),
    recipientUserIds: a ? (a.recipient_user_ids ?? []) : defaults.userId ? [defaults.userId] : [],
    recipientEmails: (a?.recipient_emails ?? []).join(', '),
    channels: (a?.channels ?? ['in_app', 'email']) as AlertChannel[],
    chatWebhookUrl: '',
    delivery: a?.delivery === 'digest' ? 'digest' : 'immediate',
    digestTime: a?.digest_time ?? '08:00',
    timeZone: a?.time_zone ?? defaults.timeZone,
    groupWaitSeconds: text(a?.group_wait_seconds ?? 30),
    repeatIntervalHours: text(a?.repeat_interval_hours),
    muteTimes: (a?.mute_times ?? []).map((m) => ({ days: [...m.days], from: m.from, to: m.to })),
  }
}

/** Typed text to a number; blank or not a number is `undefined`, so the server's bounds speak for it. */
const numberFrom = (value: string) => {
  const trimmed = value.trim()
  if (trimmed === '' || !/^-?\d+$/.test(trimmed)) return undefined
  return Number(trimmed)
}

export const emailsFrom = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean)

function scopeFrom(v: AlertRuleFormValues): AlertRuleInput['scope'] {
  switch (v.scopeKind) {
    case 'customer':
      return { kind: 'customer', party_id: v.partyId }
    case 'terminal':
      return { kind: 'terminal', terminal_id: v.terminalId }
    case 'tag':
      return { kind: 'tag', tag: v.tag.trim() }
    case 'custom_field':
      return { kind: 'custom_field', field_name: v.fieldName, field_value: v.fieldValue.trim() }
    default:
      return { kind: 'all' }
  }
}

function conditionFrom(v: AlertRuleFormValues): AlertRuleInput['condition'] {
  const parameter = ALERT_CONDITIONS[v.conditionKind]?.parameter
  if (!parameter) return { kind: v.conditionKind }
  return { kind: v.conditionKind, [parameter.name]: numberFrom(v.parameter) }
}

/** The chat URL is sent only when typed; a rule that stops using chat forgets the one it had. */
function chatUrlFrom(v: AlertRuleFormValues, editing: boolean) {
  const typed = v.chatWebhookUrl.trim()
  if (!v.channels.includes('chat')) return editing ? { chat_webhook_url: null } : {}
  return typed ? { chat_webhook_url: typed } : {}
}

/** The body's attributes; digest time and group wait go only with the delivery they belong to. */
export function alertRuleAttributes(v: AlertRuleFormValues, editing = false): AlertRuleInput {
  const groupWait = numberFrom(v.groupWaitSeconds)
  return {
    name: v.name.trim(),
    enabled: v.enabled,
    condition: conditionFrom(v),
    scope: scopeFrom(v),
    recipient_user_ids: v.recipientUserIds,
    recipient_emails: emailsFrom(v.recipientEmails),
    channels: v.channels,
    ...chatUrlFrom(v, editing),
    delivery: v.delivery,
    ...(v.delivery === 'digest' ? { digest_time: v.digestTime } : {}),
    time_zone: v.timeZone,
    ...(v.delivery === 'immediate' && groupWait !== undefined ? { group_wait_seconds: groupWait } : {}),
    repeat_interval_hours: numberFrom(v.repeatIntervalHours) ?? null,
    mute_times: v.muteTimes.map((m) => ({ days: [...m.days].sort((a, b) => a - b), from: m.from, to: m.to })),
  }
}

/**
 * What the preview asks about: a nameless draft under a stand-in name, and never the chat channel or its URL (a
 * secret, and one the service would refuse a draft for lacking): what would have fired does not hang on them.
 */
export function previewBody(values: AlertRuleFormValues) {
  const { chat_webhook_url: _secret, ...rest } = alertRuleAttributes({
    ...values,
    name: values.name.trim() || 'Preview',
  })
  const channels = rest.channels.filter((channel) => channel !== 'chat')
  return { ...rest, channels: channels.length > 0 ? channels : ['in_app' as const] }
}

const POINTER_FIELDS: [RegExp, keyof AlertRuleFormValues][] = [
  [/^\/data\/attributes\/name/, 'name'],
  [/^\/data\/attributes\/condition\/(days|hours)/, 'parameter'],
  [/^\/data\/attributes\/condition/, 'conditionKind'],
  [/^\/data\/attributes\/scope\/party_id/, 'partyId'],
  [/^\/data\/attributes\/scope\/terminal_id/, 'terminalId'],
  [/^\/data\/attributes\/scope\/tag/, 'tag'],
  [/^\/data\/attributes\/scope\/field_name/, 'fieldName'],
  [/^\/data\/attributes\/scope\/field_value/, 'fieldValue'],
  [/^\/data\/attributes\/scope/, 'scopeKind'],
  [/^\/data\/attributes\/recipient_user_ids/, 'recipientUserIds'],
  [/^\/data\/attributes\/recipient_emails/, 'recipientEmails'],
  [/^\/data\/attributes\/channels/, 'channels'],
  [/^\/data\/attributes\/chat_webhook_url/, 'chatWebhookUrl'],
  [/^\/data\/attributes\/digest_time/, 'digestTime'],
  [/^\/data\/attributes\/time_zone/, 'timeZone'],
  [/^\/data\/attributes\/group_wait_seconds/, 'groupWaitSeconds'],
  [/^\/data\/attributes\/repeat_interval_hours/, 'repeatIntervalHours'],
  [/^\/data\/attributes\/mute_times/, 'muteTimes'],
]

/** The form field a 422's pointer names, or undefined when it names none. */
export const fieldForPointer = (pointer: string | null | undefined) =>
  pointer ? POINTER_FIELDS.find(([pattern]) => pattern.test(pointer))?.[1] : undefined
