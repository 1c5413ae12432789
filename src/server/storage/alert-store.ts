import { and, eq, inArray, sql } from 'drizzle-orm'
import { candidatesStatement, EVENT_KINDS, etaBaselinesStatement, type RuleFacts } from './alert-conditions'
import type { Executor } from './database'
import {
  alertDeliveries,
  alertInbox,
  alertRules,
  alertStates,
  alerts,
  alertUnsubscribes,
  type DemurrageTariff,
} from './schema'

export type Candidate = {
  subject_id: string
  container_id: string | null
  shipment_id: string | null
  party_id: string | null
}
export type NewDelivery = Omit<typeof alertDeliveries.$inferInsert, 'id' | 'status' | 'batch_id' | 'sent_at'>

const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/** Newly true (no row, or inactive), or still true once the repeat interval has passed since it last fired. */
function claimStatement(
  rule: RuleFacts & { repeat_interval_hours: number | null },
  subjectId: string,
  now: Date,
) {
  const again = EVENT_KINDS.has(rule.condition.kind)
    ? sql`false`
    : rule.repeat_interval_hours
      ? sql`not alert_states.active or alert_states.last_fired_at <= ${stamp(new Date(now.getTime() - rule.repeat_interval_hours * 3_600_000))}`
      : sql`not alert_states.active`
  return sql`
    insert into alert_states (rule_id, subject_id, active, since, last_fired_at)
    values (${rule.id}::uuid, ${subjectId}, true, ${stamp(now)}, ${stamp(now)})
    on conflict (rule_id, subject_id) do update
      set active = true, last_fired_at = excluded.last_fired_at,
        since = case when alert_states.active then alert_states.since else excluded.since end
      where ${again}
    returning subject_id`
}

export const createAlertStore = (db: Executor) => ({
  enabledRules: () => db.select().from(alertRules).where(eq(alertRules.enabled, true)),

  async candidates(rule: RuleFacts, now: Date) {
    if (rule.condition.kind === 'eta_slipped') await db.execute(etaBaselinesStatement(rule, now))
    return (await db.execute<Candidate>(candidatesStatement(rule, now))).rows
  },

  activeStates: (ruleId: string) =>
    db
      .select({ subject_id: alertStates.subject_id, last_fired_at: alertStates.last_fired_at })
      .from(alertStates)
      .where(and(eq(alertStates.rule_id, ruleId), eq(alertStates.active, true))),

  /** Cleared: the next crossing fires again; an ETA is measured afresh from the one it has then. */
  async clear(ruleId: string, subjectIds: string[], now: Date) {
    if (subjectIds.length === 0) return
    await db
      .update(alertStates)
      .set({ active: false, since: now, baseline: null })
      .where(and(eq(alertStates.rule_id, ruleId), inArray(alertStates.subject_id, subjectIds)))
  },

  /** The one statement that decides a firing: it takes the state row, so of two evaluators only one gets it back. */
  async claim(
    rule: RuleFacts & { repeat_interval_hours: number | null },
    subjectId: string,
    now: Date,
  ): Promise<boolean> {
    const result = await db.execute<{ subject_id: string }>(claimStatement(rule, subjectId, now))
    return result.rows.length > 0
  },

  async insertAlert(values: Omit<typeof alerts.$inferInsert, 'id'>) {
    const [row] = await db.insert(alerts).values(values).returning()
    await db
      .update(alertRules)
      .set({ last_fired_at: values.fired_at })
      .where(eq(alertRules.id, values.rule_id))
    return row
  },

  async insertInbox(alertId: string, userIds: string[], firedAt: Date) {
    if (userIds.length === 0) return
    await db
      .insert(alertInbox)
      .values(userIds.map((user_id) => ({ alert_id: alertId, user_id, fired_at: firedAt })))
      .onConflictDoNothing()
  },

  async unsubscribed(ruleId: string) {
    const rows = await db
      .select({ recipient: alertUnsubscribes.recipient })
      .from(alertUnsubscribes)
      .where(eq(alertUnsubscribes.rule_id, ruleId))
    return new Set(rows.map((row) => row.recipient))
  },

  async insertDeliveries(rows: NewDelivery[]) {
    if (rows.length === 0) return
    await db.insert(alertDeliveries).values(rows).onConflictDoNothing()
  },

  async markEvaluated(ruleId: string, at: Date) {
    await db.update(alertRules).set({ evaluated_until: at }).where(eq(alertRules.id, ruleId))
  },
})

/** What an alert's words are made of, beside the container's own attributes. */
export const createAlertFacts = (db: Executor) => ({
  async terminal(id: string | null) {
    if (!id) return undefined
    const rows = await db.execute<{ name: string; demurrage_tariff: DemurrageTariff | null }>(
      sql`select name, demurrage_tariff from terminals where id = ${id}::uuid`,
    )
    return rows.rows[0]
  },
  async document(accountId: string, id: string) {
    const rows = await db.execute<{ name: string; extraction_error: string | null }>(
      sql`select name, extraction_error from documents where id = ${id}::uuid and account_id = ${accountId}::uuid`,
    )
    return rows.rows[0]
  },
  async trackingRequest(accountId: string, id: string) {
    const rows = await db.execute<{ request_number: string; failed_reason: string | null }>(
      sql`select request_number, failed_reason from tracking_requests where id = ${id}::uuid and account_id = ${accountId}::uuid`,
    )
    return rows.rows[0]
  },
})
