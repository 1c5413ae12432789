import { and, asc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { webhookNotifications, webhooks } from './schema'

export type ClaimRequest = {
  now: Date
  /** If its result is not recorded by then (a crash), it is due again. */
  leaseSeconds: number
  limit: number
  /** Fresh notifications are never starved by old failures. */
  retryLimit: number
  busyWebhookIds: string[]
}

/** Rows another dispatcher holds are skipped. */
export async function claimDue(
  db: Executor,
  { now, leaseSeconds, limit, retryLimit, busyWebhookIds }: ClaimRequest,
) {
  const due = (firstAttempt: boolean, limit: number) =>
    db
      .select({ id: webhookNotifications.id })
      .from(webhookNotifications)
      .where(
        and(
          eq(webhookNotifications.delivery_status, 'pending'),
          lte(webhookNotifications.next_attempt_at, now),
          or(
            isNull(webhookNotifications.leased_until),
            lt(webhookNotifications.leased_until, sql`clock_timestamp()`),
          ),
          firstAttempt ? eq(webhookNotifications.attempts, 0) : gt(webhookNotifications.attempts, 0),
          busyWebhookIds.length > 0 ? notInArray(webhookNotifications.webhook_id, busyWebhookIds) : undefined,
        ),
      )
      .orderBy(asc(webhookNotifications.next_attempt_at))
      .limit(limit)
      .for('update', { skipLocked: true })
  const claim = async (firstAttempt: boolean, limit: number) =>
    limit <= 0
      ? []
      : db
          .update(webhookNotifications)
          .set({ leased_until: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})` })
          .where(inArray(webhookNotifications.id, due(firstAttempt, limit)))
          .returning()
  // retries get a quarter of the slots when due; either takes what the other leaves
  const retries = await claim(false, Math.min(retryLimit, Math.ceil(limit / 4)))
  const fresh = await claim(true, limit - retries.length)
  const more = await claim(
    false,
    Math.min(limit - retries.length - fresh.length, retryLimit - retries.length),
  )
  const claimed = [...fresh, ...retries, ...more]
  if (claimed.length === 0) return []
  const targets = await db
    .select()
    .from(webhooks)
    .where(inArray(webhooks.id, [...new Set(claimed.map((n) => n.webhook_id))]))
  const byId = new Map(targets.map((w) => [w.id, w]))
  return claimed.flatMap((notification) => {
    const webhook = byId.get(notification.webhook_id)
    return webhook ? [{ notification, webhook }] : []
  })
}
