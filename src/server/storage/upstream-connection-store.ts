import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { accounts, apiKeys, containers, shipments, upstreamConnections, upstreamSyncProgress } from './schema'

/** The name of the API key row that lets a connected account's own upstream key sign in here. */
export const UPSTREAM_KEY_NAME = 'upstream key'

/** Connections made, listed and given a new key. */
const settingsConnections = (db: Executor, now: () => Date) => ({
  /** Makes the connected account and its connection; false when the account is already connected. */
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

  /** One connection made by `ownerId`, with the connected account's name. */
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

  /** Every connection made in Settings: what each process resumes at start. */
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

  /** A new key for the same connection: it is asked about afresh, and its pass carries on where it was. */
  async replaceKey(accountId: string, apiKeySealed: string) {
    await db
      .update(upstreamConnections)
      .set({ api_key_sealed: apiKeySealed, status: 'connecting', status_detail: null })
      .where(eq(upstreamConnections.account_id, accountId))
  },
})

/** What a connection holds: its mirrored shipments, its keys, where its sync has got to; and forgetting it. */
const connectionUpkeep = (db: Executor) => ({
  /** Up to `limit` of the account's mirrored shipments, those the upstream confirmed last first. */
  async mirroredShipments(accountId: string, limit: number) {
    const rows = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.account_id, accountId), eq(shipments.source, 'upstream')))
      .orderBy(sql`${shipments.upstream_checked_at} desc nulls last`)
      .limit(limit)
    return rows.map((row) => row.id)
  },

  /** Forgets the connection, its key and where its passes got to; the mirrored account and its data stay. */
  async remove(accountId: string) {
    await db.delete(upstreamSyncProgress).where(eq(upstreamSyncProgress.account_id, accountId))
    await db.delete(upstreamConnections).where(eq(upstreamConnections.account_id, accountId))
  },

  /** Stops a key that was the connected account's upstream key from signing in here. */
  async dropUpstreamKeys(accountId: string) {
    await db
      .delete(apiKeys)
      .where(and(eq(apiKeys.account_id, accountId), eq(apiKeys.name, UPSTREAM_KEY_NAME)))
  },

  /** How far each account's sync has got: each list's page, and what the mirror holds. */
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

/** The connections an admin made in Settings → Connection (the configured one is in upstream-store). */
export const createUpstreamConnectionStore = (db: Executor, now: () => Date) => ({
  ...settingsConnections(db, now),
  ...connectionUpkeep(db),
})
