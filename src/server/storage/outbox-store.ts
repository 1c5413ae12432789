import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { insertAsJson } from './json-rows'
import { type ClaimRequest, claimDue } from './outbox-claims'
import { webhookDeliveryAttempts, webhookNotifications, webhooks } from './schema'

type NewNotification = typeof webhookNotifications.$inferInsert

export type DeliveryResult = {
  notificationId: string
  accountId: string
  attempt: typeof webhookDeliveryAttempts.$inferInsert
  outcome: 'succeeded' | 'failed' | 'retry'
  nextAttemptAt: Date
}

/** Notifications are written with the change that caused them. */
export const createOutboxStore = (db: Executor) => ({
  subscribedWebhooks: (accountId: string) =>
    db
      .select({ id: webhooks.id, events: webhooks.events })
      .from(webhooks)
      .where(and(eq(webhooks.account_id, accountId), eq(webhooks.active, true))),

  async enqueue(rows: NewNotification[]) {
    if (rows.length > 0) await db.insert(webhookNotifications).values(rows)
  },

  claimDue: (request: ClaimRequest) => claimDue(db, request),

  async renewLeases(ids: string[], leaseSeconds: number) {
    if (ids.length > 0)
      await db
        .update(webhookNotifications)
        .set({ leased_until: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})` })
        .where(inArray(webhookNotifications.id, lockedInOrder(db, ids)))
  },

  async release(ids: string[]) {
    if (ids.length > 0)
      await db
        .update(webhookNotifications)
        .set({ leased_until: null })
        .where(inArray(webhookNotifications.id, ids))
  },

  /** One transaction, so a process dying meanwhile never leaves a logged success on a notification still due. */
  record: (results: DeliveryResult[], health: { now: Date; disableAfterMs: number }) =>
    results.length === 0 ? Promise.resolve([]) : db.transaction((tx) => recordIn(tx, results, health)),
})

/**
 * Rows taken in id order: renewing leases and recording attempts both write a process's in-flight rows, on two
 * connections, and in different orders they deadlocked, which lost a recorded batch.
 */
const lockedInOrder = (db: Executor, ids: string[]) =>
  db
    .select({ id: webhookNotifications.id })
    .from(webhookNotifications)
    .where(
      and(
        inArray(webhookNotifications.id, ids),
        eq(webhookNotifications.delivery_status, 'pending'),
        isNotNull(webhookNotifications.leased_until),
      ),
    )
    .orderBy(webhookNotifications.id)
    .for('update')

async function recordIn(
  db: Executor,
  results: DeliveryResult[],
  health: { now: Date; disableAfterMs: number },
) {
  await db
    .select({ id: webhookNotifications.id })
    .from(webhookNotifications)
    .where(
      inArray(
        webhookNotifications.id,
        results.map((r) => r.notificationId),
      ),
    )
    .orderBy(webhookNotifications.id)
    .for('update')
  await insertAsJson(
    db,
    webhookDeliveryAttempts,
    results.map((r) => r.attempt),
  )
  const changes = JSON.stringify(
    results.map((r) => ({
      id: r.notificationId,
      status: r.outcome === 'retry' ? 'pending' : r.outcome,
      next_attempt_at: r.nextAttemptAt,
      delivered_at: r.outcome === 'succeeded' ? r.attempt.attempted_at : null,
    })),
  )
  await db.execute(sql`
      update webhook_notifications as n
      set attempts = n.attempts + 1,
          -- a webhook turned off while this was in flight retries nothing
          delivery_status = case
            when v.status = 'pending' and not (select w.active from webhooks w where w.id = n.webhook_id)
            then 'failed' else v.status end,
          next_attempt_at = v.next_attempt_at,
          delivered_at = coalesce(v.delivered_at, n.delivered_at),
          leased_until = null
      from json_to_recordset(${changes}::json)
        as v(id uuid, status text, next_attempt_at timestamptz, delivered_at timestamptz)
      where n.id = v.id`)
  return trackFailures(db, results, health)
}

async function trackFailures(
  db: Executor,
  results: DeliveryResult[],
  { now, disableAfterMs }: { now: Date; disableAfterMs: number },
) {
  // an attempt never sent (the webhook was already off) says nothing about the endpoint
  const sent = results.filter((r) => r.attempt.request_headers)
  if (sent.length === 0) return []
  const outcomes = JSON.stringify(
    sent.map((r) => ({ id: r.notificationId, ok: r.outcome === 'succeeded', at: r.attempt.attempted_at })),
  )
  await db.execute(sql`
    with outcome as (
      select n.webhook_id, bool_or(v.ok) as any_ok, min(v.at) as first_at
      from json_to_recordset(${outcomes}::json) as v(id uuid, ok boolean, at timestamptz)
      join webhook_notifications n on n.id = v.id
      group by n.webhook_id
    )
    update webhooks as w
    set failing_since = case when o.any_ok then null else coalesce(w.failing_since, o.first_at) end
    from outcome as o
    where w.id = o.webhook_id`)
  const days = Math.round((disableAfterMs / 86_400_000) * 10) / 10
  const ids = await db
    .select({ id: webhookNotifications.webhook_id })
    .from(webhookNotifications)
    .where(
      inArray(
        webhookNotifications.id,
        sent.map((r) => r.notificationId),
      ),
    )
  const disabled = await db
    .update(webhooks)
    .set({
      active: false,
      disabled_at: now,
      disabled_reason: `Every delivery failed for ${days} ${days === 1 ? 'day' : 'days'}, so Quayside turned this webhook off`,
      updated_at: now,
    })
    .where(
      and(
        inArray(webhooks.id, [...new Set(ids.map((row) => row.id))]),
        eq(webhooks.active, true),
        lte(webhooks.failing_since, new Date(now.getTime() - disableAfterMs)),
      ),
    )
    .returning({ id: webhooks.id, accountId: webhooks.account_id })
  await failPending(
    db,
    disabled.map((webhook) => webhook.id),
  )
  return disabled
}

/** Turned on again, it resends nothing unless asked. */
export async function failPending(db: Executor, webhookIds: string[]) {
  if (webhookIds.length === 0) return
  await db
    .update(webhookNotifications)
    .set({ delivery_status: 'failed', leased_until: null })
    .where(
      and(
        inArray(webhookNotifications.webhook_id, webhookIds),
        eq(webhookNotifications.delivery_status, 'pending'),
      ),
    )
}
export type ClaimedDelivery = Awaited<ReturnType<ReturnType<typeof createOutboxStore>['claimDue']>>[number]
