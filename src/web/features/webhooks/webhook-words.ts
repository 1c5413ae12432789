import type { WebhookNotification } from '../../../contract/webhooks'
import { explain } from '../../components/layout/explain-error'

/** `retrying` is a pending one that has failed before. */
export function deliveryState(attributes: WebhookNotification['attributes']) {
  const status = attributes.delivery_status ?? 'pending'
  if (status === 'pending' && (attributes.attempts ?? 0) > 0) return 'retrying'
  return status
}

const DELIVERY_STATE_WORDS: Record<string, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
}

const STATE_ICONS: Record<string, string> = { pending: '⏳', retrying: '↻', succeeded: '✔', failed: '✖' }

export const deliveryStateWords = (state: string) => DELIVERY_STATE_WORDS[state] ?? state
export const deliveryStateIcon = (state: string) => STATE_ICONS[state] ?? '•'

export const percentWords = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${Math.round(rate * 1000) / 10} %`

export function categoriesOf(
  events: readonly string[],
  categories: { attributes: { name: string; events: { name: string }[] } }[],
) {
  const chosen = new Set(events)
  return categories
    .filter((category) => category.attributes.events.some((event) => chosen.has(event.name)))
    .map((category) => category.attributes.name)
}

export function failureWords(error: unknown) {
  const { title, details } = explain(error)
  const more = details.map((d) => d.text).filter((text) => text && text !== title)
  return more.length > 0 ? `${title}. ${more.join(' ')}` : title
}
