import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { accounts, apiKeys, containers, shipments, upstreamConnections, upstreamSyncProgress } from './schema'

export const UPSTREAM_KEY_NAME = 'upstream key'

const settingsConnections = (db: Executor, now: () => Date) => ({
  async create(values: {
    accountId: string
    ownerId: string
    companyName: string
    baseUrl: string
    apiKeySealed: string
  }) {
    await db
      .insert(accounts)
      .values({ id: values.accountId, company_name: values.companyName })
      .onConflictDoNothing()
    const rows = await db
      .insert(upstreamConnections)
      .values({
        account_id: values.accountId,
        connected_by: values.ownerId,
        base_url: values.baseUrl,
        api_key_sealed: values.apiKeySealed,
        created_at: now(),
      })
      .onConflictDoNothing()
      .returning({ id: upstreamConnections.account_id })
    return rows.length === 1
  },

  async owned(ownerId: string, accountId?: string) {
    return db
      .select({ connection: upstreamConnections, company_name: accounts.company_name })
      .from(upstreamConnections)
      .innerJoin(accounts, eq(accounts.id, upstreamConnections.account_id))
      .where(
        and(
          eq(upstreamConnections.connected_by, ownerId),
          accountId ? eq(upstreamConnections.account_id, accountId) : undefined,
        ),
      )
      .orderBy(upstreamConnections.created_at)
  },

  async fromSettings() {
    return db
      .select({
        account_id: upstreamConnections.account_id,
        base_url: upstreamConnections.base_url,
        api_key_sealed: upstreamConnections.api_key_sealed,
      })
      .from(upstreamConnections)
      .where(isNotNull(upstreamConnections.connected_by))
  },

  /** Its pass carries on where it was. */
  async replaceKey(accountId: string, apiKeySealed: string) {
    await db
      .update(upstreamConnections)
      .set({ api_key_sealed: apiKeySealed, status: 'connecting', status_detail: null })
      .where(eq(upstreamConnections.account_id, accountId))
  },
})

const connectionUpkeep = (db: Executor) => ({
  async mirroredShipments(accountId: string, limit: number) {
    const rows = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.account_id, accountId), eq(shipments.source, 'upstream')))
      .orderBy(sql`${shipments.upstream_checked_at} desc nulls last`)
      .limit(limit)
    return rows.map((row) => row.id)
  },

  /** The mirrored account and its data stay. */
  async remove(accountId: string) {
    await db.delete(upstreamSyncProgress).where(eq(upstreamSyncProgress.account_id, accountId))
    await db.delete(upstreamConnections).where(eq(upstreamConnections.account_id, accountId))
  },

  async dropUpstreamKeys(accountId: string) {
    await db
      .delete(apiKeys)
      .where(and(eq(apiKeys.account_id, accountId), eq(apiKeys.name, UPSTREAM_KEY_NAME)))
  },

  async progress(accountIds: string[]) {
    if (accountIds.length === 0) return { lists: [], shipments: [], containers: [] }
    const [lists, shipmentCounts, containerCounts] = await Promise.all([
      db.select().from(upstreamSyncProgress).where(inArray(upstreamSyncProgress.account_id, accountIds)),
      db
        .select({ account_id: shipments.account_id, total: count() })
        .from(shipments)
        .where(inArray(shipments.account_id, accountIds))
        .groupBy(shipments.account_id),
      db
        .select({ account_id: containers.account_id, total: count() })
        .from(containers)
        .where(inArray(containers.account_id, accountIds))
        .groupBy(containers.account_id),
    ])
    return { lists, shipments: shipmentCounts, containers: containerCounts }
  },
})

/** The configured one is in upstream-store. */
export const createUpstreamConnectionStore = (db: Executor, now: () => Date) => ({
  ...settingsConnections(db, now),
  ...connectionUpkeep(db),
})
