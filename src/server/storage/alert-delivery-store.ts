import { and, asc, eq, sql } from 'drizzle-orm'
import { batchDueDeliveries, type ClaimOptions, claimBatches, renewLeases } from './alert-batching'
import type { Executor } from './database'
import { alertBatches, alertDeliveries, alertRules, alerts, containers, parties, shipments } from './schema'

export type ClaimedBatch = typeof alertBatches.$inferSelect

/** What one message says, alert by alert, in the order it says it: by rule, then by customer. */
const contentsOf = (db: Executor, batchId: string) =>
  db
    .select({
      alert_id: alerts.id,
      rule_id: alerts.rule_id,
      rule_name: alertRules.name,
      condition_kind: alerts.condition_kind,
      subject_type: alerts.subject_type,
      subject_id: alerts.subject_id,
      container_id: alerts.container_id,
      shipment_id: alerts.shipment_id,
      fired_at: alerts.fired_at,
      title: alerts.title,
      body: alerts.body,
      detail: alerts.detail,
      container_number: containers.number,
      bill_of_lading_number: shipments.bill_of_lading_number,
      customer_name: parties.company_name,
    })
    .from(alertDeliveries)
    .innerJoin(alerts, eq(alerts.id, alertDeliveries.alert_id))
    .innerJoin(alertRules, eq(alertRules.id, alerts.rule_id))
    .leftJoin(containers, eq(containers.id, alerts.container_id))
    .leftJoin(shipments, eq(shipments.id, alerts.shipment_id))
    .leftJoin(parties, eq(parties.id, sql`coalesce(${alerts.party_id}, ${shipments.customer_id})`))
    .where(eq(alertDeliveries.batch_id, batchId))
    .orderBy(
      asc(alertRules.name),
      asc(alerts.rule_id),
      sql`${parties.company_name} asc nulls last`,
      asc(alerts.fired_at),
      asc(alerts.id),
    )
export type BatchAlert = Awaited<ReturnType<typeof contentsOf>>[number]

/** The alerts outbox: due deliveries become batches (one message each), sent by whichever process holds the lease. */
export const createAlertDeliveryStore = (db: Executor) => ({
  batchDue: (now: Date, limit = 500) => batchDueDeliveries(db, now, limit),

  claimBatches: (options: ClaimOptions) => claimBatches(db, options),

  renewLeases: (ids: string[], holder: string, leaseSeconds: number) =>
    renewLeases(db, ids, holder, leaseSeconds),

  contents: (batchId: string) => contentsOf(db, batchId),

  async ruleChat(ruleId: string) {
    const [row] = await db
      .select({ sealed: alertRules.chat_webhook_url_sealed, name: alertRules.name })
      .from(alertRules)
      .where(eq(alertRules.id, ruleId))
    return row
  },

  /** Sent: the batch and every delivery in it, in one transaction. */
  markSent: (batchId: string, at: Date) =>
    db.transaction(async (tx) => {
      await tx
        .update(alertBatches)
        .set({ status: 'sent', sent_at: at, lease_holder: null, lease_until: null, last_error: null })
        .where(eq(alertBatches.id, batchId))
      await tx
        .update(alertDeliveries)
        .set({ status: 'sent', sent_at: at })
        .where(eq(alertDeliveries.batch_id, batchId))
    }),

  /** Tried again at `nextAttemptAt` as the same message, or given up on (`failed`) when that is null. */
  async markFailed(batchId: string, error: string, nextAttemptAt: Date | null) {
    await db
      .update(alertBatches)
      .set({
        status: nextAttemptAt ? 'sending' : 'failed',
        attempts: sql`${alertBatches.attempts} + 1`,
        next_attempt_at: nextAttemptAt,
        last_error: error.slice(0, 500),
        lease_holder: null,
        lease_until: null,
      })
      .where(eq(alertBatches.id, batchId))
  },

  async ruleName(ruleId: string) {
    const [row] = await db.select({ name: alertRules.name }).from(alertRules).where(eq(alertRules.id, ruleId))
    return row?.name
  },

  /** Idempotent; deliveries still waiting for this rule and address are never sent. */
  unsubscribe: (ruleId: string, recipient: string, at: Date) =>
    db.transaction(async (tx) => {
      // a rule deleted since the message was sent has nothing left to stop
      await tx.execute(sql`
        insert into alert_unsubscribes (rule_id, recipient, created_at)
        select r.id, ${recipient}, ${at} from alert_rules r where r.id = ${ruleId}
        on conflict do nothing`)
      await tx
        .update(alertDeliveries)
        .set({ status: 'unsubscribed' })
        .where(
          and(
            eq(alertDeliveries.rule_id, ruleId),
            eq(alertDeliveries.recipient, recipient),
            eq(alertDeliveries.channel, 'email'),
            eq(alertDeliveries.status, 'pending'),
          ),
        )
    }),
})
