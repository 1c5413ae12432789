import type { AlertConditionKind } from '../../contract/alerts'
import { lfdDaysLeft } from '../../contract/container-board'
import { containerStateOf, type StateAttributes, stateWords } from '../../contract/container-state'
import { dayRate, demurrageFor } from '../../contract/demurrage'
import type { Stores } from '../storage/storage'

export type AlertText = { title: string; body: string; detail: Record<string, unknown> }
type Rule = { condition: { kind: string; days?: number; hours?: number } }

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

const daysLeftWords = (days: number) =>
  days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${plural(days, 'day')}`

/** What the condition says, on top of what the container page says of its state. */
function conditionSentence(rule: Rule, daysLeft: number | undefined): string {
  const kind = rule.condition.kind as AlertConditionKind
  const sentences: Partial<Record<AlertConditionKind, string>> = {
    lfd_within: daysLeft !== undefined ? `Last free day ${daysLeftWords(daysLeft)}` : 'Last free day soon',
    overdue_accruing:
      daysLeft !== undefined
        ? `${plural(-daysLeft, 'day')} past the last free day`
        : 'Past the last free day',
    hold_appeared: 'A hold appeared',
    holds_cleared: 'All holds cleared',
    eta_slipped: `The ETA slipped by more than ${plural(rule.condition.hours ?? 0, 'hour')}`,
    vessel_arrived: 'The vessel arrived',
    container_discharged: 'Discharged from the vessel',
    empty_not_returned: 'The empty is not returned by its deadline',
    data_stale: `No news from the line or the terminal for ${plural(rule.condition.hours ?? 0, 'hour')}`,
  }
  return sentences[kind] ?? ''
}

type Tariff = { currency: string; tiers: { from_day: number; per_day: number }[]; source: string }

/** The contract's projection on the terminal's tariff: what it has cost, and what each day more will. */
function projection(tariff: Tariff | null | undefined, daysLeft: number | undefined) {
  if (!tariff || daysLeft === undefined) return undefined
  const overdueDays = Math.max(0, -daysLeft)
  return {
    currency: tariff.currency,
    accrued: demurrageFor(overdueDays, tariff.tiers),
    next_day: dayRate(overdueDays + 1, tariff.tiers),
    source: tariff.source,
  }
}

const money = (currency: string, amount: number) => `${currency} ${amount.toLocaleString('en-US')}`

/** In the contract's words (containerStateOf and its headline), so an alert never says what the container page denies. */
async function containerText(stores: Stores, accountId: string, id: string, rule: Rule, now: Date) {
  const [row] = await stores.containers.shownByIds(accountId, [id])
  if (!row) return undefined
  const attributes = JSON.parse(row.attributes_json) as StateAttributes & { number: string }
  const state = containerStateOf(attributes, now)
  const terminal = await stores.alertFacts.terminal(row.pod_terminal_id)
  const words = stateWords(state, attributes, { terminalName: terminal?.name })
  const daysLeft = lfdDaysLeft(attributes, now)
  const cost = attributes.pod_discharged_at ? projection(terminal?.demurrage_tariff, daysLeft) : undefined
  const costWords = cost
    ? cost.accrued > 0
      ? ` Demurrage so far ${money(cost.currency, cost.accrued)}, then ${money(cost.currency, cost.next_day)} a day.`
      : cost.next_day > 0
        ? ` After the last free day: ${money(cost.currency, cost.next_day)} a day.`
        : ''
    : ''
  return {
    title: `${attributes.number}: ${words.label}`,
    body: `${conditionSentence(rule, daysLeft)}. ${words.headline}.${costWords}`,
    detail: {
      container_state: state,
      state_label: words.label,
      headline: words.headline,
      days_left: daysLeft ?? null,
      pickup_lfd: attributes.pickup_lfd ?? null,
      demurrage: cost ?? null,
    },
  }
}

export async function alertText(
  stores: Stores,
  accountId: string,
  subject: { type: string; id: string },
  rule: Rule,
  now: Date,
): Promise<AlertText | undefined> {
  if (subject.type === 'container') return containerText(stores, accountId, subject.id, rule, now)
  if (subject.type === 'document') {
    const document = await stores.alertFacts.document(accountId, subject.id)
    if (!document) return undefined
    const unreadable = rule.condition.kind === 'document_unreadable'
    return {
      title: unreadable
        ? `A document cannot be read: ${document.name}`
        : `A document arrived: ${document.name}`,
      body: unreadable ? (document.extraction_error ?? 'It could not be read.') : `${document.name} arrived.`,
      detail: { document_name: document.name },
    }
  }
  const request = await stores.alertFacts.trackingRequest(accountId, subject.id)
  if (!request) return undefined
  return {
    title: `Tracking request ${request.request_number} failed`,
    body: request.failed_reason ?? 'The line could not track it.',
    detail: { request_number: request.request_number, failed_reason: request.failed_reason },
  }
}
