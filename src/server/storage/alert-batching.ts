import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { alertBatches, alertDeliveries } from './schema'

type DueDelivery = {
  id: string
  account_id: string
  rule_id: string
  channel: 'email' | 'chat'
  recipient: string
  mode: 'immediate' | 'digest'
  due_at: Date
}

/**
 * At once: one message per rule and recipient; an email digest: one per address and digest time, every rule in
 * it. A chat post goes to its own rule's webhook, so it never mixes rules.
 */
const messageKey = (d: DueDelivery) =>
  d.mode === 'digest' && d.channel === 'email'
    ? ['digest', d.account_id, d.channel, d.recipient, d.due_at.toISOString()].join('\n')
    : ['immediate', d.account_id, d.rule_id, d.channel, d.recipient].join('\n')

async function dropUnsubscribed(db: Executor, now: Date) {
  await db.execute(sql`
    update alert_deliveries as d set status = 'unsubscribed'
    where d.status = 'pending' and d.due_at <= ${now} and d.channel = 'email'
      and exists (select 1 from alert_unsubscribes u where u.rule_id = d.rule_id and u.recipient = d.recipient)`)
}

/**
 * Groups due deliveries into messages and marks them batched, in one transaction: each delivery lands in
 * exactly one batch, whose id stays the message's id through every retry. Rows another process holds are skipped.
 */
export async function batchDueDeliveries(db: Executor, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    await dropUnsubscribed(tx, now)
    const due: DueDelivery[] = await tx
      .select({
        id: alertDeliveries.id,
        account_id: alertDeliveries.account_id,
        rule_id: alertDeliveries.rule_id,
        channel: alertDeliveries.channel,
        recipient: alertDeliveries.recipient,
        mode: alertDeliveries.mode,
        due_at: alertDeliveries.due_at,
      })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.status, 'pending'), lte(alertDeliveries.due_at, now)))
      .orderBy(asc(alertDeliveries.due_at), asc(alertDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return 0
    const groups = new Map<string, DueDelivery[]>()
    for (const delivery of due) {
      const key = messageKey(delivery)
      groups.set(key, [...(groups.get(key) ?? []), delivery])
    }
    const batches = [...groups.values()].map((members) => ({ id: randomUUID(), members }))
    await tx.insert(alertBatches).values(
      batches.map(({ id, members: [first] }) => ({
        id,
        account_id: first.account_id,
        channel: first.channel,
        recipient: first.recipient,
        kind: first.mode,
        status: 'sending' as const,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    for (const { id, members } of batches)
      await tx
        .update(alertDeliveries)
        .set({ status: 'batched', batch_id: id })
        .where(
          inArray(
            alertDeliveries.id,
            members.map((m) => m.id),
          ),
        )
    return batches.length
  })
}

/** A lease runs on the database's clock, real time, however fast the service clock runs. */
const notLeased = or(isNull(alertBatches.lease_until), lt(alertBatches.lease_until, sql`clock_timestamp()`))
const leaseFor = (seconds: number) => sql`clock_timestamp() + make_interval(secs => ${seconds})`

export type ClaimOptions = { now: Date; holder: string; leaseSeconds: number; limit: number }

/** Batches due and held by nobody (or by a process whose lease lapsed: it died mid-send). */
export function claimBatches(db: Executor, options: ClaimOptions) {
  const due = db
    .select({ id: alertBatches.id })
    .from(alertBatches)
    .where(and(eq(alertBatches.status, 'sending'), lte(alertBatches.next_attempt_at, options.now), notLeased))
    .orderBy(asc(alertBatches.next_attempt_at))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  return db
    .update(alertBatches)
    .set({ lease_holder: options.holder, lease_until: leaseFor(options.leaseSeconds) })
    .where(inArray(alertBatches.id, due))
    .returning()
}

export async function renewLeases(db: Executor, ids: string[], holder: string, leaseSeconds: number) {
  if (ids.length > 0)
    await db
      .update(alertBatches)
      .set({ lease_until: leaseFor(leaseSeconds) })
      .where(
        and(
          inArray(alertBatches.id, ids),
          eq(alertBatches.lease_holder, holder),
          eq(alertBatches.status, 'sending'),
        ),
      )
}
