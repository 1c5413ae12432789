import { eq } from 'drizzle-orm'
import type { Executor } from './database'
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

/** The demo loader's writes: bulk inserts in batches the database's parameter limit allows. */
export const createDemoStore = (db: Executor) => ({
  async insert<K extends keyof Tables>(table: K, rows: Tables[K]['$inferInsert'][], batch = 500) {
    for (let i = 0; i < rows.length; i += batch)
      await db.insert(TABLES[table]).values(rows.slice(i, i + batch) as never)
  },

  async hasAccount(id: string) {
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))
    return row !== undefined
  },

  async hasReferenceData() {
    const [row] = await db.select({ id: ports.id }).from(ports).limit(1)
    return row !== undefined
  },

  async placeVessel(id: string, position: Partial<Tables['vessels']['$inferInsert']>) {
    await db.update(vessels).set(position).where(eq(vessels.id, id))
  },
})
