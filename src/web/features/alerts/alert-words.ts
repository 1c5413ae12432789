import { ALERT_CONDITIONS, type AlertConditionKind, type AlertRule } from '../../../contract/alerts'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The catalogue's label with its N filled in: "Last free day within 2 days, not picked up". */
export function conditionWords(condition: AlertRule['attributes']['condition']) {
  const entry = ALERT_CONDITIONS[condition.kind as AlertConditionKind]
  if (!entry) return condition.kind
  const parameter = entry.parameter
  if (!parameter) return entry.label
  const value = condition[parameter.name] ?? parameter.default
  return entry.label
    .replace(/\(N hours without news\)/, `(${plural(value, 'hour')} without news)`)
    .replace(`N ${parameter.name}`, plural(value, parameter.name.slice(0, -1)))
}

type Names = { customer: (id: string) => string | undefined; terminal: (id: string) => string | undefined }

export function scopeWords(scope: Record<string, unknown>, names: Names) {
  const value = (key: string) => (typeof scope[key] === 'string' ? (scope[key] as string) : '')
  switch (scope.kind) {
    case 'all':
      return 'Every container'
    case 'customer':
      return `Customer ${names.customer(value('party_id')) ?? value('party_id').slice(0, 8)}`
    case 'terminal':
      return `Terminal ${names.terminal(value('terminal_id')) ?? value('terminal_id').slice(0, 8)}`
    case 'tag':
      return `Tagged “${value('tag')}”`
    case 'custom_field':
      return `${value('field_name')} is “${value('field_value')}”`
    default:
      return String(scope.kind)
  }
}

/** Each channel's mark is decoration: the word says it. */
export const CHANNEL_WORDS: Record<string, { icon: string; label: string }> = {
  in_app: { icon: '🔔', label: 'In the app' },
  email: { icon: '✉', label: 'Email' },
  chat: { icon: '💬', label: 'Chat webhook' },
  webhook: { icon: '⇄', label: 'Your webhooks (alert.fired)' },
}

export function deliveryWords(attributes: AlertRule['attributes']) {
  if (attributes.delivery === 'digest')
    return `Daily digest at ${attributes.digest_time ?? '08:00'} (each person's time; ${attributes.time_zone ?? 'UTC'} for addresses)`
  const wait = attributes.group_wait_seconds ?? 30
  return wait > 0 ? `At once, grouping for ${plural(wait, 'second')}` : 'At once'
}

export function repeatWords(hours: number | null | undefined) {
  return hours ? `Again every ${plural(hours, 'hour')} while true` : 'Again only after it clears'
}

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** "Sat, Sun 00:00–23:59"; a window whose end is before its start runs past midnight. */
export function muteWords(mute: { days: number[]; from: string; to: string }) {
  const days = [...mute.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => WEEKDAYS[d])
  const overnight = mute.to < mute.from ? ' (overnight)' : ''
  return `${days.join(', ')} ${mute.from}–${mute.to}${overnight}`
}
