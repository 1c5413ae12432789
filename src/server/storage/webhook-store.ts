import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from './database'
import { paged } from './paged'
import { webhookDeliveryAttempts, webhookNotifications, webhooks } from './schema'
import type { PageRequest } from './shipment-store'

export type Webhook = typeof webhooks.$inferSelect
export type WebhookNotification = typeof webhookNotifications.$inferSelect
export type DeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect

export const createWebhookStore = (db: Executor, now: () => Date) => ({
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
    const [row] = await db
      .update(webhooks)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(webhooks.account_id, accountId), eq(webhooks.id, id)))
      .returning()
    return row
  },
  async delete(accountId: string, id: string) {
    const rows = await db
      .delete(webhooks)
      .where(and(eq(webhooks.account_id, accountId), eq(webhooks.id, id)))
      .returning({ id: webhooks.id })
    return rows.length > 0
  },

  async listNotifications(accountId: string, page: PageRequest) {
    const where = eq(webhookNotifications.account_id, accountId)
    return paged(
      db
        .select()
        .from(webhookNotifications)
        .where(where)
        .orderBy(desc(webhookNotifications.created_at), desc(webhookNotifications.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(webhookNotifications).where(where),
    )
  },
  notificationsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(webhookNotifications)
          .where(and(eq(webhookNotifications.account_id, accountId), inArray(webhookNotifications.id, ids))),
  async createNotification(values: typeof webhookNotifications.$inferInsert) {
    const [row] = await db
      .insert(webhookNotifications)
      .values({ created_at: now(), next_attempt_at: now(), ...values })
      .returning()
    return row
  },
  attemptsByNotificationIds: (notificationIds: string[]) =>
    notificationIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(webhookDeliveryAttempts)
          .where(inArray(webhookDeliveryAttempts.notification_id, notificationIds))
          .orderBy(asc(webhookDeliveryAttempts.attempted_at)),
})
