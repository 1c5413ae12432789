import { and, eq, inArray, sql } from 'drizzle-orm'
import { containerAttributes } from './container-attributes'
import type { Executor } from './database'
import { keepDocumentLfd } from './document-lfd'
import { inUuids, preparedPer } from './prepared'
import { containers } from './schema'
import { createShownTexts, rowVersion } from './shown-texts'

export type Container = typeof containers.$inferSelect
export type NewContainer = typeof containers.$inferInsert
/** What a list first reads of a container: the keys its relationships name and its version (`xmin`). */
const keyedContainerColumns = {
  id: containers.id,
  shipment_id: containers.shipment_id,
  pickup_facility_id: containers.pickup_facility_id,
  pod_terminal_id: containers.pod_terminal_id,
  version: rowVersion('containers'),
}
/** What a document shows of a container: those keys and its attributes as JSON. */
const shownContainerColumns = {
  ...keyedContainerColumns,
  attributes_json: containerAttributes.json,
}
/** A shown container that also carries its `raw_events` linkage, for a container document. */
const linkedContainerColumns = {
  ...shownContainerColumns,
  /** The `raw_events` linkage, in the order `events.rawIdsByContainerIds` reads it. */
  // written out: drizzle leaves a column inside a subquery of the select list unqualified
  raw_event_ids: sql<
    string[]
  >`array(select r.id::text from raw_events r where r.container_id = containers.id order by r.index)`,
}
type KeyedContainer = Pick<Container, Exclude<keyof typeof keyedContainerColumns, 'version'>> & {
  version: string
}
export type ShownContainer = KeyedContainer & {
  attributes_json: string
  raw_event_ids?: string[]
}

const account = eq(containers.account_id, sql.placeholder('account'))
const ofShipments = and(account, inUuids(containers.shipment_id, 'ids'))

/** The reads every container and shipment document makes, as named statements, in either shape. */
const readsOf = (
  db: Executor,
  columns:
    | typeof keyedContainerColumns
    | typeof shownContainerColumns
    | typeof linkedContainerColumns
    | undefined,
  name: (read: string) => string,
) => {
  const select = () => (columns ? db.select(columns) : db.select()).from(containers)
  return {
    get: select()
      .where(and(account, eq(containers.id, sql.placeholder('id'))))
      .prepare(name('container_by_id')),
    byIds: select()
      .where(and(account, inUuids(containers.id, 'ids')))
      .prepare(name('containers_by_ids')),
    byShipmentIds: select()
      .where(ofShipments)
      .orderBy(containers.number)
      .prepare(name('containers_by_shipment_ids')),
  }
}
type Reads<Row> = {
  [read in 'get' | 'byIds' | 'byShipmentIds']: {
    execute: (values: Record<string, unknown>) => Promise<Row[]>
  }
}

const statementsOf = preparedPer((db) => ({
  full: readsOf(db, undefined, (read) => read) as unknown as Reads<Container>,
  shown: readsOf(db, shownContainerColumns, (read) => `${read}_shown`) as unknown as Reads<ShownContainer>,
  linked: readsOf(db, linkedContainerColumns, (read) => `${read}_linked`) as unknown as Reads<ShownContainer>,
  keyed: readsOf(db, keyedContainerColumns, (read) => `${read}_keyed`) as unknown as Reads<KeyedContainer>,
  idsByShipmentIds: db
    .select({ id: containers.id, shipment_id: containers.shipment_id })
    .from(containers)
    .where(ofShipments)
    .orderBy(containers.number)
    .prepare('container_ids_by_shipment_ids'),
}))

/** Containers by id; one id by `get`, whose plan PostgreSQL keeps, where a list of one is planned every time. */
const byIdsWith = <Row>(reads: Reads<Row>, accountId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ids.length === 1
      ? reads.get.execute({ account: accountId, id: ids[0] })
      : reads.byIds.execute({ account: accountId, ids })

/** Attribute texts of about 8,000 containers: a busy account's open pages, read again as they change. */
const TEXT_BYTES = 16 * 1024 * 1024

export const createContainerStore = (db: Executor, now: () => Date, textBytes = TEXT_BYTES) => {
  const withTexts = createShownTexts(textBytes)
  return {
    /** The account's containers with these numbers. */
    byNumbers: (accountId: string, numbers: string[]) =>
      numbers.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: containers.id })
            .from(containers)
            .where(
              and(
                eq(containers.account_id, accountId),
                inArray(
                  containers.number,
                  numbers.map((n) => n.trim().toUpperCase()),
                ),
              ),
            ),

    async updateRefNumbers(accountId: string, id: string, refNumbers: string[]) {
      const [row] = await db
        .update(containers)
        .set({ ref_numbers: refNumbers, updated_at: now() })
        .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
        .returning()
      return row
    },

    async get(accountId: string, id: string) {
      const [row] = await statementsOf(db).full.get.execute({ account: accountId, id })
      return row as Container | undefined
    },

    byIds: (accountId: string, ids: string[]) => byIdsWith<Container>(statementsOf(db).full, accountId, ids),

    byShipmentIds: (accountId: string, shipmentIds: string[]) =>
      shipmentIds.length === 0
        ? Promise.resolve([])
        : statementsOf(db).full.byShipmentIds.execute({ account: accountId, ids: shipmentIds }),

    /** A container as its own document shows it, with its `raw_events` linkage. */
    async shownGet(accountId: string, id: string) {
      const [row] = await statementsOf(db).linked.get.execute({ account: accountId, id })
      return row as ShownContainer | undefined
    },

    shownByIds: (accountId: string, ids: string[]) =>
      byIdsWith<ShownContainer>(statementsOf(db).shown, accountId, ids),

    /** The containers of these shipments as a document shows them, the unchanged ones' attributes from memory. */
    shownByShipmentIds: async (accountId: string, shipmentIds: string[]) =>
      shipmentIds.length === 0
        ? []
        : withTexts(
            await statementsOf(db).keyed.byShipmentIds.execute({ account: accountId, ids: shipmentIds }),
            (ids) => byIdsWith<ShownContainer>(statementsOf(db).shown, accountId, ids),
          ),

    /** Each shipment's container ids, by number: a shipment's `containers` linkage. */
    idsByShipmentIds: (accountId: string, shipmentIds: string[]) =>
      shipmentIds.length === 0
        ? Promise.resolve([])
        : statementsOf(db).idsByShipmentIds.execute({ account: accountId, ids: shipmentIds }),

    /** What a document says of the last free day, kept on the containers it names (see `keepDocumentLfd`). */
    keepDocumentLfd: (
      accountId: string,
      documentId: string,
      linkedIds: string[],
      source: Parameters<typeof keepDocumentLfd>[5],
    ) => keepDocumentLfd(db, now(), accountId, documentId, linkedIds, source),

    async update(accountId: string, id: string, changes: Partial<NewContainer>) {
      const [row] = await db
        .update(containers)
        .set({ ...changes, updated_at: now() })
        .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
        .returning()
      return row
    },
  }
}
