import { deliveryDueAt } from '../../contract/alert-delivery-time'
import { ALERT_CONDITIONS, type AlertConditionKind } from '../../contract/alerts'
import { EVENT_KINDS } from '../storage/alert-conditions'
import type { AlertRuleRow } from '../storage/alert-rule-store'
import type { Candidate, NewDelivery } from '../storage/alert-store'
import type { Storage, Stores } from '../storage/storage'
import { alertText } from './alert-text'

export type EvaluationReport = { rules: number; candidates: number; fired: number; cleared: number }

type Person = Awaited<ReturnType<Storage['alertRules']['people']>>[number]

export type AlertHooks = {
  /** The account's own webhooks: `alert.fired` in its outbox, in the firing's transaction. */
  announce?: (stores: Stores, accountId: string, alertId: string, now: Date) => Promise<unknown>
  /** A test's way to fail a firing after its rows are written. */
  afterFire?: (stores: Stores, alertId: string) => Promise<void>
}

const subjectTypeOf = (rule: AlertRuleRow) =>
  ALERT_CONDITIONS[rule.condition.kind as AlertConditionKind]?.subject ?? 'container'

/** Persons get their in-app copy; a customer only for their own party's alerts. */
const sees = (person: Person, partyId: string | null) =>
  person.role !== 'customer' || person.party_id === partyId

function deliveriesOf(
  rule: AlertRuleRow,
  alert: { id: string; fired_at: Date },
  people: Person[],
  unsubscribed: Set<string>,
): NewDelivery[] {
  const timing = (timeZone: string) =>
    deliveryDueAt({
      mode: rule.delivery,
      firedAt: alert.fired_at,
      groupWaitSeconds: rule.group_wait_seconds,
      digestTime: rule.digest_time,
      timeZone,
      muteTimes: rule.mute_times,
      ruleTimeZone: rule.time_zone,
    })
  const base = { account_id: rule.account_id, alert_id: alert.id, rule_id: rule.id, mode: rule.delivery }
  const rows: NewDelivery[] = []
  if (rule.channels.includes('email')) {
    const seen = new Set<string>()
    const add = (email: string, userId: string | null, timeZone: string) => {
      const recipient = email.toLowerCase()
      if (seen.has(recipient) || unsubscribed.has(recipient)) return
      seen.add(recipient)
      rows.push({ ...base, channel: 'email', recipient, user_id: userId, due_at: timing(timeZone) })
    }
    for (const person of people) add(person.email, person.id, person.time_zone)
    for (const email of rule.recipient_emails) add(email, null, rule.time_zone)
  }
  if (rule.channels.includes('chat') && rule.chat_webhook_url_sealed && !unsubscribed.has('chat'))
    rows.push({ ...base, channel: 'chat', recipient: 'chat', user_id: null, due_at: timing(rule.time_zone) })
  return rows
}

/** One firing, whole or not at all: the state that makes it once, the alert, the bell's copies and the outbox. */
async function fire(
  storage: Storage,
  rule: AlertRuleRow,
  candidate: Candidate,
  now: Date,
  hooks: AlertHooks,
): Promise<boolean> {
  return storage.transaction(async (stores) => {
    if (!(await stores.alerts.claim(rule, candidate.subject_id, now))) return false
    const subjectType = subjectTypeOf(rule)
    const text = await alertText(
      stores,
      rule.account_id,
      { type: subjectType, id: candidate.subject_id },
      rule,
      now,
    )
    if (!text) return false
    const alert = await stores.alerts.insertAlert({
      account_id: rule.account_id,
      rule_id: rule.id,
      condition_kind: rule.condition.kind,
      subject_type: subjectType,
      subject_id: candidate.subject_id,
      container_id: candidate.container_id,
      shipment_id: candidate.shipment_id,
      party_id: candidate.party_id,
      fired_at: now,
      ...text,
    })
    const people = (await stores.alertRules.people(rule.account_id, rule.recipient_user_ids)).filter(
      (person) => sees(person, candidate.party_id),
    )
    if (rule.channels.includes('in_app'))
      await stores.alerts.insertInbox(
        alert.id,
        people.map((person) => person.id),
        now,
      )
    await stores.alerts.insertDeliveries(
      deliveriesOf(rule, alert, people, await stores.alerts.unsubscribed(rule.id)),
    )
    if (rule.channels.includes('webhook')) await hooks.announce?.(stores, rule.account_id, alert.id, now)
    await hooks.afterFire?.(stores, alert.id)
    return true
  })
}

/** Worth a transaction: newly true, or still true and due to repeat; the claim decides for certain. */
function dueToFire(rule: AlertRuleRow, candidates: Candidate[], active: Map<string, Date | null>, now: Date) {
  if (EVENT_KINDS.has(rule.condition.kind)) return candidates
  const repeatMs = rule.repeat_interval_hours ? rule.repeat_interval_hours * 3_600_000 : undefined
  return candidates.filter((candidate) => {
    if (!active.has(candidate.subject_id)) return true
    const last = active.get(candidate.subject_id)
    return repeatMs !== undefined && (!last || last.getTime() <= now.getTime() - repeatMs)
  })
}

async function evaluateRule(storage: Storage, rule: AlertRuleRow, now: Date, hooks: AlertHooks = {}) {
  const candidates = await storage.alerts.candidates(rule, now)
  let cleared = 0
  let active = new Map<string, Date | null>()
  if (!EVENT_KINDS.has(rule.condition.kind)) {
    const states = await storage.alerts.activeStates(rule.id)
    active = new Map(states.map((state) => [state.subject_id, state.last_fired_at]))
    const trueNow = new Set(candidates.map((candidate) => candidate.subject_id))
    const gone = states.map((state) => state.subject_id).filter((id) => !trueNow.has(id))
    await storage.alerts.clear(rule.id, gone, now)
    cleared = gone.length
  }
  let fired = 0
  for (const candidate of dueToFire(rule, candidates, active, now))
    if (await fire(storage, rule, candidate, now, hooks)) fired++
  await storage.alerts.markEvaluated(rule.id, now)
  return { candidates: candidates.length, fired, cleared }
}

/** Every enabled rule of every account, at each engine tick: state lives in alert_states, so a missed tick loses nothing. */
export async function evaluateAlerts(
  storage: Storage,
  now: Date,
  hooks: AlertHooks = {},
  log: (message: string) => void = console.error,
): Promise<EvaluationReport> {
  const report: EvaluationReport = { rules: 0, candidates: 0, fired: 0, cleared: 0 }
  for (const rule of await storage.alerts.enabledRules()) {
    try {
      const result = await evaluateRule(storage, rule, now, hooks)
      report.rules++
      report.candidates += result.candidates
      report.fired += result.fired
      report.cleared += result.cleared
    } catch (error) {
      // one rule's failure must not keep the others quiet
      log(`Alert rule ${rule.id} failed to evaluate: ${(error as Error).message}`)
    }
  }
  return report
}
