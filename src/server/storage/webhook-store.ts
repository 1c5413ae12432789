import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { DELIVERY_LOG_STATUSES } from '../../contract/webhooks'
import type { Executor } from './database'
import { failPending } from './outbox-store'
import { paged } from './paged'
import { webhookDeliveryAttempts, webhookNotifications, webhooks } from './schema'
import type { PageRequest } from './shipment-store'

export type Webhook = typeof webhooks.$inferSelect
export type DeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect

export type NotificationFilter = {
  status?: (typeof DELIVERY_LOG_STATUSES)[number]
  event?: string
  webhookId?: string
  createdFrom?: Date
  createdTo?: Date
}

const lastAttempt = (column: string) =>
  sql.raw(
    `(select a.${column} from webhook_delivery_attempts a where a.notification_id = webhook_notifications.id order by a.attempted_at desc limit 1)`,
  )
// each notification with what its latest attempt answered, for a log that reads at a glance
const notificationColumns = {
  ...getTableColumns(webhookNotifications),
  last_status_code: lastAttempt('status_code').mapWith(Number) as SQL<number | null>,
  last_duration_ms: lastAttempt('duration_ms').mapWith(Number) as SQL<number | null>,
  last_error: lastAttempt('error') as SQL<string | null>,
}

function notificationWhere(accountId: string, filter: NotificationFilter) {
  const n = webhookNotifications
  const status = filter.status
  return and(
    eq(n.account_id, accountId),
    filter.webhookId ? eq(n.webhook_id, filter.webhookId) : undefined,
    filter.event ? eq(n.event, filter.event) : undefined,
    filter.createdFrom ? gte(n.created_at, filter.createdFrom) : undefined,
    filter.createdTo ? lte(n.created_at, filter.createdTo) : undefined,
    status === 'pending' || status === 'retrying' ? eq(n.delivery_status, 'pending') : undefined,
    status === 'pending' ? eq(n.attempts, 0) : status === 'retrying' ? gt(n.attempts, 0) : undefined,
    status === 'succeeded' || status === 'failed' ? eq(n.delivery_status, status) : undefined,
  )
}

const DAY_MS = 86_400_000

type HealthRow = {
  webhook_id: string
  attempts: number | string
  succeeded: number | string
  pending: number | string
  retrying: number | string
  last_failure_at: Date | string | null
  last_failure_reason: string | null
  last_failure_status_code: number | string | null
}

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
    if (changes.active === false) await failPending(db, [id])
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

  /** A new secret signs from now on; the old one signs beside it until `previousExpiresAt`. */
  async rotateSecret(accountId: string, id: string, secret: string, previousExpiresAt: Date) {
    const [row] = await db
      .update(webhooks)
      .set({
        previous_secret: sql`${webhooks.secret}`,
        previous_secret_expires_at: previousExpiresAt,
        secret,
        updated_at: now(),
      })
      .where(and(eq(webhooks.account_id, accountId), eq(webhooks.id, id)))
      .returning()
    return row
  },

  /** Notifications of a webhook not yet delivered, which deleting it would drop. */
  async pendingCount(accountId: string, webhookId: string) {
    const [{ total }] = await db
      .select({ total: count() })
      .from(webhookNotifications)
      .where(
        and(notificationWhere(accountId, { webhookId }), eq(webhookNotifications.delivery_status, 'pending')),
      )
    return Number(total)
  },

  /**
   * Sends notifications again under their own ids: each is due now with a fresh run of retries; its
   * earlier attempts stay in the log. Answers the ids queued.
   */
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

  /** For each of the account's webhooks: attempts in the last day, how many succeeded, and the latest failure. */
  async health(accountId: string) {
    const since = new Date(now().getTime() - DAY_MS)
    const result = await db.execute<HealthRow>(sql`
      select w.id as webhook_id,
        coalesce(d.attempts, 0) as attempts,
        coalesce(d.succeeded, 0) as succeeded,
        (select count(*) from webhook_notifications p
          where p.webhook_id = w.id and p.delivery_status = 'pending' and p.attempts = 0) as pending,
        (select count(*) from webhook_notifications p
          where p.webhook_id = w.id and p.delivery_status = 'pending' and p.attempts > 0) as retrying,
        f.attempted_at as last_failure_at,
        f.error as last_failure_reason,
        f.status_code as last_failure_status_code
      from webhooks w
      left join lateral (
        select count(*) as attempts, count(*) filter (where a.error is null) as succeeded
        from webhook_notifications n
        join webhook_delivery_attempts a on a.notification_id = n.id
        where n.webhook_id = w.id and a.attempted_at > ${since.toISOString()}::timestamptz
      ) d on true
      left join lateral (
        select a.attempted_at, a.error, a.status_code
        from webhook_notifications n
        join webhook_delivery_attempts a on a.notification_id = n.id
        where n.webhook_id = w.id and a.error is not null
        order by a.attempted_at desc
        limit 1
      ) f on true
      where w.account_id = ${accountId}
      order by w.created_at, w.id`)
    return result.rows.map((row) => ({
      webhookId: row.webhook_id,
      attempts: Number(row.attempts),
      succeeded: Number(row.succeeded),
      pending: Number(row.pending),
      retrying: Number(row.retrying),
      lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
      lastFailureReason: row.last_failure_reason,
      lastFailureStatusCode:
        row.last_failure_status_code === null ? null : Number(row.last_failure_status_code),
    }))
  },

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
          .orderBy(asc(webhookDeliveryAttempts.attempted_at)),
})

export type WebhookNotification = Awaited<
  ReturnType<ReturnType<typeof createWebhookStore>['notificationsByIds']>
>[number]
