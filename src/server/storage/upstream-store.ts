import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from './database'
import {
  accounts,
  containers,
  shipments,
  type UpstreamStatus,
  upstreamConnections,
  upstreamReceipts,
  upstreamSyncProgress,
} from './schema'
import { upstreamBudget } from './upstream-budget'

const sailingNow = sql<boolean>`(${shipments.pol_atd_at} is not null and ${shipments.pod_ata_at} is null and ${shipments.line_tracking_stopped_at} is null)`

export type UpstreamConnection = typeof upstreamConnections.$inferSelect

const connectionRecords = (db: Executor, now: () => Date) => ({
  /** The base URL and sealed key follow the configuration. */
  async ensureConnection(
    accountId: string,
    companyName: string,
    baseUrl: string,
    apiKeySealed: string | null,
  ) {
    await db.insert(accounts).values({ id: accountId, company_name: companyName }).onConflictDoNothing()
    await db
      .insert(upstreamConnections)
      .values({ account_id: accountId, base_url: baseUrl, api_key_sealed: apiKeySealed, created_at: now() })
      .onConflictDoUpdate({
        target: upstreamConnections.account_id,
        set: { base_url: baseUrl, api_key_sealed: apiKeySealed },
      })
  },

  async connection(accountId: string) {
    const [row] = await db
      .select()
      .from(upstreamConnections)
      .where(eq(upstreamConnections.account_id, accountId))
    return row
  },

  async rename(accountId: string, companyName: string) {
    await db.update(accounts).set({ company_name: companyName }).where(eq(accounts.id, accountId))
  },

  async saveWebhook(accountId: string, webhookId: string, secretSealed: string) {
    await db
      .update(upstreamConnections)
      .set({ webhook_id: webhookId, webhook_secret_sealed: secretSealed })
      .where(eq(upstreamConnections.account_id, accountId))
  },

  async recordContact(accountId: string, status: UpstreamStatus, detail: string | null, at: Date) {
    await db
      .update(upstreamConnections)
      .set({ status, status_detail: detail, ...(status === 'ok' ? { last_heard_at: at } : {}) })
      .where(eq(upstreamConnections.account_id, accountId))
  },

  async recordReconciled(accountId: string, at: Date) {
    await db
      .update(upstreamConnections)
      .set({ last_reconciled_at: at })
      .where(eq(upstreamConnections.account_id, accountId))
  },
})

const syncProgress = (db: Executor, now: () => Date) => ({
  /** A pass that finished starts again from the first page. */
  async nextPage(accountId: string, resource: string) {
    const [row] = await db
      .select()
      .from(upstreamSyncProgress)
      .where(and(eq(upstreamSyncProgress.account_id, accountId), eq(upstreamSyncProgress.resource, resource)))
    if (!row || row.finished_at) return 1
    return row.next_page
  },

  /** `startedAt` is the upstream's time of the pass's first answer. */
  async advance(accountId: string, resource: string, nextPage: number | null, startedAt = now()) {
    const values = {
      account_id: accountId,
      resource,
      next_page: nextPage ?? 1,
      finished_at: nextPage === null ? now() : null,
      pass_started_at: startedAt,
    }
    await db
      .insert(upstreamSyncProgress)
      .values(values)
      .onConflictDoUpdate({
        target: [upstreamSyncProgress.account_id, upstreamSyncProgress.resource],
        set: {
          next_page: values.next_page,
          finished_at: values.finished_at,
          pass_started_at: sql`case when ${upstreamSyncProgress.finished_at} is not null or ${upstreamSyncProgress.next_page} = 1 then ${values.pass_started_at} else ${upstreamSyncProgress.pass_started_at} end`,
        },
      })
  },

  async passStartedAt(accountId: string, resource: string) {
    const [row] = await db
      .select({ at: upstreamSyncProgress.pass_started_at })
      .from(upstreamSyncProgress)
      .where(and(eq(upstreamSyncProgress.account_id, accountId), eq(upstreamSyncProgress.resource, resource)))
    return row?.at ?? undefined
  },

  /** False on every later delivery of the same id. */
  async claimNotification(accountId: string, notificationId: string) {
    const rows = await db
      .insert(upstreamReceipts)
      .values({ account_id: accountId, notification_id: notificationId, received_at: now() })
      .onConflictDoNothing()
      .returning({ id: upstreamReceipts.notification_id })
    return rows.length === 1
  },
})

const eventQueue = (db: Executor) => ({
  async containersDueForEvents(accountId: string, limit: number) {
    return db
      .select({
        id: containers.id,
        digest: containers.upstream_digest,
        shipmentId: containers.shipment_id,
        // at sea: its raw events and vessel are read too, and first
        sailing: sailingNow,
      })
      .from(containers)
      .innerJoin(shipments, eq(shipments.id, containers.shipment_id))
      .where(
        and(
          eq(containers.account_id, accountId),
          isNotNull(containers.upstream_digest),
          sql`${containers.upstream_digest} is distinct from ${containers.upstream_events_digest}`,
        ),
      )
      .orderBy(sql`${sailingNow} desc`, asc(containers.id))
      .limit(limit)
  },

  async markEventsRead(accountId: string, read: { id: string; digest: string | null }[]) {
    for (const { id, digest } of read)
      await db
        .update(containers)
        .set({ upstream_events_digest: digest })
        .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
  },
})

export const createUpstreamStore = (db: Executor, now: () => Date) => ({
  ...connectionRecords(db, now),
  ...syncProgress(db, now),
  ...eventQueue(db),
  ...upstreamBudget(db),
})
