import type { BatchAlert } from '../storage/alert-delivery-store'

export type MessageItem = {
  alertId: string
  title: string
  body: string | null
  containerNumber: string | null
  billOfLadingNumber: string | null
  /** The demurrage projection the evaluator wrote, in words. */
  cost: string | null
  fields: [name: string, value: string][]
  url: string
}
export type MessageSection = {
  ruleId: string
  ruleName: string
  /** Null on chat: a channel has no one to unsubscribe. */
  unsubscribeUrl: string | null
  customers: { name: string | null; items: MessageItem[] }[]
}
export type MessageModel = {
  id: string
  kind: 'immediate' | 'digest'
  sections: MessageSection[]
  count: number
  dashboardUrl: string
  /** Every rule in the message at once: the List-Unsubscribe target. */
  unsubscribeAllUrl: string | null
}

const SUBJECT_PATHS: Record<string, string> = {
  container: 'containers',
  document: 'documents',
  tracking_request: 'tracking-requests',
}

/** The page the dashboard shows for the alert's subject. */
function alertLink(origin: string, alert: BatchAlert) {
  const [type, id] = alert.container_id
    ? ['container', alert.container_id]
    : [alert.subject_type, alert.subject_id]
  return `${origin}/${SUBJECT_PATHS[type] ?? 'containers'}/${encodeURIComponent(id)}`
}

const money = (currency: string, amount: number) => `${currency} ${amount.toLocaleString('en-US')}`

/** The evaluator's demurrage projection (`detail.demurrage`: currency, accrued, next_day), in words. */
function costOf(detail: Record<string, unknown>) {
  const cost = detail.demurrage as { currency?: unknown; accrued?: unknown; next_day?: unknown } | null
  if (!cost || typeof cost.currency !== 'string') return null
  const accrued = Number(cost.accrued) || 0
  const nextDay = Number(cost.next_day) || 0
  if (accrued > 0)
    return `${money(cost.currency, accrued)} so far, then ${money(cost.currency, nextDay)} a day`
  return nextDay > 0 ? `${money(cost.currency, nextDay)} a day after the last free day` : null
}

const fieldsOf = (detail: Record<string, unknown>): [string, string][] => {
  const fields = detail.custom_fields
  if (!fields || typeof fields !== 'object') return []
  return Object.entries(fields as Record<string, unknown>).flatMap(([name, value]) =>
    value === null || value === undefined ? [] : [[name, String(value)] as [string, string]],
  )
}

const itemOf = (origin: string, alert: BatchAlert): MessageItem => ({
  alertId: alert.alert_id,
  title: alert.title,
  body: alert.body,
  containerNumber: alert.container_number,
  billOfLadingNumber: alert.bill_of_lading_number,
  cost: costOf(alert.detail),
  fields: fieldsOf(alert.detail),
  url: alertLink(origin, alert),
})

/** By rule, then by customer, in the order the store read them. */
export function messageModel(options: {
  id: string
  kind: 'immediate' | 'digest'
  alerts: BatchAlert[]
  origin: string
  unsubscribeUrls: Map<string, string> | null
  unsubscribeAllUrl: string | null
}): MessageModel {
  const sections: MessageSection[] = []
  for (const alert of options.alerts) {
    let section = sections.at(-1)
    if (section?.ruleId !== alert.rule_id) {
      section = {
        ruleId: alert.rule_id,
        ruleName: alert.rule_name,
        unsubscribeUrl: options.unsubscribeUrls?.get(alert.rule_id) ?? null,
        customers: [],
      }
      sections.push(section)
    }
    let customer = section.customers.at(-1)
    if (!customer || customer.name !== alert.customer_name) {
      customer = { name: alert.customer_name, items: [] }
      section.customers.push(customer)
    }
    customer.items.push(itemOf(options.origin, alert))
  }
  return {
    id: options.id,
    kind: options.kind,
    sections,
    count: options.alerts.length,
    dashboardUrl: `${options.origin}/`,
    unsubscribeAllUrl: options.unsubscribeAllUrl,
  }
}

/** The evaluator's titles already start with the container number; others get it put in front. */
export const withNumber = (item: MessageItem) =>
  item.containerNumber && !item.title.includes(item.containerNumber)
    ? `${item.containerNumber}: ${item.title}`
    : item.title

export function subjectOf(model: MessageModel) {
  const [first] = model.sections
  const only = first?.customers[0]?.items[0]
  if (model.count === 1 && only) return withNumber(only)
  if (model.kind === 'digest')
    return `Quayside digest: ${model.count} alerts from ${model.sections.length} ${model.sections.length === 1 ? 'rule' : 'rules'}`
  return `${first?.ruleName ?? 'Alerts'}: ${model.count} alerts`
}
