import { eq, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { insertAsJson } from './json-rows'
import {
  accounts,
  changeEvents,
  containers,
  documentLinks,
  documentRepresentations,
  documents,
  emailSubmissions,
  parties,
  ports,
  rawEvents,
  shipments,
  shippingLines,
  terminals,
  trackingRequests,
  transportEvents,
  users,
  vessels,
  webhookDeliveryAttempts,
} from './schema'

const TABLES = {
  accounts,
  changeEvents,
  containers,
  documentLinks,
  documentRepresentations,
  documents,
  emailSubmissions,
  parties,
  ports,
  rawEvents,
  shipments,
  shippingLines,
  terminals,
  trackingRequests,
  transportEvents,
  users,
  vessels,
  webhookDeliveryAttempts,
}
type Tables = typeof TABLES
const DEMO_LOAD_LOCK = 0x5eed_de30

/** One JSON parameter per batch (`json_populate_recordset`): 100,000 shipments load in minutes, not an hour. */
export const createDemoStore = (db: Executor) => ({
  async insert<K extends keyof Tables>(table: K, rows: Tables[K]['$inferInsert'][], batch = 2000) {
    if (rows.length === 0) return
    const target = TABLES[table]
    if (Object.values(rows[0]).some((value) => value instanceof Uint8Array)) {
      for (let i = 0; i < rows.length; i += 100)
        await db.insert(target).values(rows.slice(i, i + 100) as never)
      return
    }
    for (let i = 0; i < rows.length; i += batch) await insertAsJson(db, target, rows.slice(i, i + batch))
  },

  /** One process at a time loads the demo. */
  async lockLoading() {
    await db.execute(sql`select pg_advisory_xact_lock(${DEMO_LOAD_LOCK})`)
  },

  async hasAccount(id: string) {
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))
    return row !== undefined
  },

  async hasReferenceData() {
    const [row] = await db.select({ id: ports.id }).from(ports).limit(1)
    return row !== undefined
  },

  /**
   * After a bulk load, so the planner knows the tables' sizes before autovacuum (none in PGlite) looks, and
   * the pages are marked all visible: until then a list's linkage of container ids was planned as a bitmap
   * scan and a sort, not an index-only read.
   */
  async analyze() {
    const { rows } = await db.execute<{ names: string }>(
      sql`select string_agg(quote_ident(relname), ', ') as names from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    )
    await db.execute(sql.raw(`vacuum (analyze) ${rows[0].names}`))
  },

  async placeVessel(id: string, position: Partial<Tables['vessels']['$inferInsert']>) {
    await db.update(vessels).set(position).where(eq(vessels.id, id))
  },
})
