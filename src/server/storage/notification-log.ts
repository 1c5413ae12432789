import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { ListFilterValues } from '../../contract/list-query'
import type { WEBHOOK_NOTIFICATION_LIST } from '../../contract/webhook-notification-list-query'
import type { Executor } from './database'
import { paged } from './paged'
import { webhookDeliveryAttempts, webhookNotifications } from './schema'
import type { PageRequest } from './shipment-store'

export type NotificationFilter = Partial<ListFilterValues<typeof WEBHOOK_NOTIFICATION_LIST>>

const lastAttempt = (column: string) =>
  sql.raw(
    `(select a.${column} from webhook_delivery_attempts a where a.notification_id = webhook_notifications.id order by a.attempted_at desc, a.seq desc limit 1)`,
  )
const notificationColumns = {
  ...getTableColumns(webhookNotifications),
  last_status_code: lastAttempt('status_code').mapWith(Number) as SQL<number | null>,
  last_duration_ms: lastAttempt('duration_ms').mapWith(Number) as SQL<number | null>,
  last_error: lastAttempt('error') as SQL<string | null>,
}

export function notificationWhere(accountId: string, filter: NotificationFilter) {
  const n = webhookNotifications
  const status = filter.status
  return and(
    eq(n.account_id, accountId),
    filter.webhook ? eq(n.webhook_id, filter.webhook) : undefined,
    filter.event ? eq(n.event, filter.event) : undefined,
    filter.created_from ? gte(n.created_at, filter.created_from) : undefined,
    filter.created_to ? lte(n.created_at, filter.created_to) : undefined,
    status === 'pending' || status === 'retrying' ? eq(n.delivery_status, 'pending') : undefined,
    status === 'pending' ? eq(n.attempts, 0) : status === 'retrying' ? gt(n.attempts, 0) : undefined,
    status === 'succeeded' || status === 'failed' ? eq(n.delivery_status, status) : undefined,
  )
}

export const createNotificationLog = (db: Executor, now: () => Date) => ({
  async listNotifications(accountId: string, page: PageRequest, filter: NotificationFilter = {}) {
    const where = notificationWhere(accountId, filter)
    return paged(
      db
        .select(notificationColumns)
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
          .select(notificationColumns)
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
          .orderBy(asc(webhookDeliveryAttempts.attempted_at), asc(webhookDeliveryAttempts.seq)),
  /** Under their own ids, with a fresh run of retries; earlier attempts stay in the log. */
  async redeliver(accountId: string, filter: NotificationFilter & { ids?: string[] }) {
    const rows = await db
      .update(webhookNotifications)
      .set({ delivery_status: 'pending', attempts: 0, next_attempt_at: now(), leased_until: null })
      .where(
        and(
          notificationWhere(accountId, filter),
          filter.ids ? inArray(webhookNotifications.id, filter.ids) : undefined,
        ),
      )
      .returning({ id: webhookNotifications.id })
    return rows.map((row) => row.id)
  },
})
