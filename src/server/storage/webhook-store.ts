import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { createNotificationLog, notificationWhere } from './notification-log'
import { failPending } from './outbox-store'
import { paged } from './paged'
import type { webhookDeliveryAttempts } from './schema'
import { webhookNotifications, webhooks } from './schema'
import type { PageRequest } from './shipment-store'
import { webhookHealth } from './webhook-health'

export type Webhook = typeof webhooks.$inferSelect
export type DeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect

const DAY_MS = 86_400_000

const createWebhookSettings = (db: Executor, now: () => Date) => {
  const ofAccount = (accountId: string, id: string) =>
    and(eq(webhooks.account_id, accountId), eq(webhooks.id, id))
  return {
    async list(accountId: string, page: PageRequest) {
      const where = eq(webhooks.account_id, accountId)
      return paged(
        db
          .select()
          .from(webhooks)
          .where(where)
          .orderBy(asc(webhooks.created_at), asc(webhooks.id))
          .limit(page.size)
          .offset((page.number - 1) * page.size),
        db.select({ total: count() }).from(webhooks).where(where),
      )
    },
    byIds: (accountId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(webhooks)
            .where(and(eq(webhooks.account_id, accountId), inArray(webhooks.id, ids))),
    async create(values: typeof webhooks.$inferInsert) {
      const [row] = await db
        .insert(webhooks)
        .values({ created_at: now(), updated_at: now(), ...values })
        .returning()
      return row
    },
    async update(accountId: string, id: string, changes: Partial<typeof webhooks.$inferInsert>) {
      if (changes.active === false) await failPending(db, [id])
      const [row] = await db
        .update(webhooks)
        .set({ ...changes, updated_at: now() })
        .where(ofAccount(accountId, id))
        .returning()
      return row
    },
    async delete(accountId: string, id: string) {
      const rows = await db.delete(webhooks).where(ofAccount(accountId, id)).returning({ id: webhooks.id })
      return rows.length > 0
    },
    /** The old secret signs beside the new one until `previousExpiresAt`. */
    async rotateSecret(accountId: string, id: string, secret: string, previousExpiresAt: Date) {
      const [row] = await db
        .update(webhooks)
        .set({
          previous_secret: sql`${webhooks.secret}`,
          previous_secret_expires_at: previousExpiresAt,
          secret,
          updated_at: now(),
        })
        .where(ofAccount(accountId, id))
        .returning()
      return row
    },
  }
}

export const createWebhookStore = (db: Executor, now: () => Date) => ({
  ...createWebhookSettings(db, now),
  ...createNotificationLog(db, now),
  async pendingCount(accountId: string, webhookId: string) {
    const [{ total }] = await db
      .select({ total: count() })
      .from(webhookNotifications)
      .where(
        and(
          notificationWhere(accountId, { webhook: webhookId }),
          eq(webhookNotifications.delivery_status, 'pending'),
        ),
      )
    return Number(total)
  },
  health: (accountId: string) => webhookHealth(db, accountId, new Date(now().getTime() - DAY_MS)),
})

export type WebhookNotification = Awaited<
  ReturnType<ReturnType<typeof createWebhookStore>['notificationsByIds']>
>[number]
