import type { AlertRule, AlertRuleInput } from '../../contract/alerts'
import { problem } from '../http/problem'
import type { AlertRuleValues, AlertRuleView } from '../storage/alert-rule-store'
import { iso } from '../storage/iso-time'
import { secretBox } from '../upstream/secret-box'

/** Its host and last four characters: enough to tell two apart, never enough to post to it. */
function chatHint(url: string) {
  const host = new URL(url).hostname
  return `${host} …${url.slice(-4)}`
}

/** Never the chat URL: it is a secret. */
export const renderRule = (rule: AlertRuleView): AlertRule => ({
  id: rule.id,
  type: 'alert_rule',
  attributes: {
    name: rule.name,
    enabled: rule.enabled,
    condition: rule.condition as AlertRule['attributes']['condition'],
    scope: rule.scope as AlertRule['attributes']['scope'],
    recipient_user_ids: rule.recipient_user_ids,
    recipient_emails: rule.recipient_emails,
    channels: rule.channels as AlertRule['attributes']['channels'],
    chat_webhook_hint: rule.chat_webhook_hint,
    delivery: rule.delivery,
    digest_time: rule.digest_time,
    time_zone: rule.time_zone,
    group_wait_seconds: rule.group_wait_seconds,
    repeat_interval_hours: rule.repeat_interval_hours,
    mute_times: rule.mute_times,
    created_by_name: rule.created_by_name,
    created_at: iso(rule.created_at),
    updated_at: iso(rule.updated_at),
    last_fired_at: iso(rule.last_fired_at),
  },
  links: { self: `/v2/alert_rules/${rule.id}` },
})

/** The stored columns a body sets; the chat URL sealed with SECRET_KEY (503 without it). */
export function valuesOf(attributes: Partial<AlertRuleInput>, secretKey: string | undefined) {
  const { chat_webhook_url: url, recipient_emails: emails, ...rest } = attributes
  const values: Partial<AlertRuleValues> = { ...rest }
  if (emails) values.recipient_emails = [...new Set(emails.map((email) => email.toLowerCase()))]
  if (url === null) Object.assign(values, { chat_webhook_url_sealed: null, chat_webhook_hint: null })
  if (url) {
    if (!secretKey)
      throw problem(503, {
        detail: 'A chat webhook URL is kept encrypted with SECRET_KEY, and this server has none',
        code: 'secret_key_missing',
      })
    Object.assign(values, {
      chat_webhook_url_sealed: secretBox(secretKey).seal(url),
      chat_webhook_hint: chatHint(url),
    })
  }
  return values
}

/** What the audit trail keeps of a rule: never the chat URL, only whether it changed. */
export const auditedRule = (rule: Partial<AlertRuleValues>) => ({
  name: rule.name,
  enabled: rule.enabled,
  condition: rule.condition,
  scope: rule.scope,
  recipient_user_ids: rule.recipient_user_ids,
  recipient_emails: rule.recipient_emails,
  channels: rule.channels,
  chat_webhook_hint: rule.chat_webhook_hint,
  delivery: rule.delivery,
  digest_time: rule.digest_time,
  time_zone: rule.time_zone,
  group_wait_seconds: rule.group_wait_seconds,
  repeat_interval_hours: rule.repeat_interval_hours,
  mute_times: rule.mute_times,
})
export const AUDITED_RULE_FIELDS = Object.keys(auditedRule({}))
