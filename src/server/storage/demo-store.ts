import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm'
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

const toJson = (_key: string, value: unknown) => (value instanceof Uint8Array ? undefined : value)

/**
 * The demo loader's writes. Rows go as one JSON parameter per batch that the database unpacks with
 * `json_populate_recordset`: a hundred thousand shipments load in minutes, not an hour of building
 * parameter lists. Columns a batch leaves out take their defaults.
 */
export const createDemoStore = (db: Executor) => ({
  async insert<K extends keyof Tables>(table: K, rows: Tables[K]['$inferInsert'][], batch = 2000) {
    if (rows.length === 0) return
    const target = TABLES[table]
    if (Object.values(rows[0]).some((value) => value instanceof Uint8Array)) {
      for (let i = 0; i < rows.length; i += 100)
        await db.insert(target).values(rows.slice(i, i + 100) as never)
      return
    }
    const columns = Object.entries(getTableColumns(target))
      .filter(([key]) => rows.some((row) => key in row))
      .map(([, column]) => sql.identifier(column.name))
    const list = sql.join(columns, sql`, `)
    const name = sql.identifier(getTableName(target))
    for (let i = 0; i < rows.length; i += batch) {
      const json = JSON.stringify(rows.slice(i, i + batch), toJson)
      await db.execute(
        sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json)`,
      )
    }
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
