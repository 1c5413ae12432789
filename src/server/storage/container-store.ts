import { and, eq, inArray, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { appointmentWrites } from './appointment-writes'
import { containerAttributes } from './container-attributes'
import type { Executor } from './database'
import { keepDocumentLfd } from './document-lfd'
import { rawLinkageOf, transportLinkageOf } from './event-linkage'
import { inUuids, preparedPer } from './prepared'
import { containers } from './schema'
import { createShownTexts, rowVersion } from './shown-texts'

export type Container = typeof containers.$inferSelect
export type NewContainer = typeof containers.$inferInsert
export const keyedContainerColumns = {
  id: containers.id,
  shipment_id: containers.shipment_id,
  pickup_facility_id: containers.pickup_facility_id,
  pod_terminal_id: containers.pod_terminal_id,
  trucker_party_id: containers.trucker_party_id,
  version: rowVersion('containers'),
}
const shownContainerColumns = {
  ...keyedContainerColumns,
  attributes_json: containerAttributes.json,
}
/** A container shown as a document's primary data: its linkage to its events too (included ones carry none). */
const linkedContainerColumns = {
  ...shownContainerColumns,
  // kept with the attributes by row version: migration 0043 gives a container whose events change a new one
  transport_linkage: transportLinkageOf(sql.raw('containers.id')),
  raw_linkage: rawLinkageOf(sql.raw('containers.id')),
}
/** What a linked container's kept texts are: all that its row version decides and costs a statement to write. */
const LINKED_TEXTS = ['attributes_json', 'transport_linkage', 'raw_linkage'] as const
export type KeyedContainer = Pick<Container, Exclude<keyof typeof keyedContainerColumns, 'version'>> & {
  version: string
}
export type ShownContainer = KeyedContainer & {
  attributes_json: string
  /** JSON:API linkage `data` texts, where it was shown as primary data. */
  transport_linkage?: string
  raw_linkage?: string
}
type LinkedContainer = Required<ShownContainer>

const account = eq(containers.account_id, sql.placeholder('account'))
const ofShipments = and(account, inUuids(containers.shipment_id, 'ids'))

const readsOf = <T extends PgSelect>(select: () => T, name: (read: string) => string) => ({
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
})
type Reads<Row> = {
  [read in 'get' | 'byIds' | 'byShipmentIds']: {
    execute: (values: Record<string, unknown>) => Promise<Row[]>
  }
}

const statementsOf = preparedPer((db) => {
  const full: Reads<Container> = readsOf(
    () => db.select().from(containers).$dynamic(),
    (read) => read,
  )
  const shown: Reads<ShownContainer> = readsOf(
    () => db.select(shownContainerColumns).from(containers).$dynamic(),
    (read) => `${read}_shown`,
  )
  const linked: Reads<LinkedContainer> = readsOf(
    () => db.select(linkedContainerColumns).from(containers).$dynamic(),
    (read) => `${read}_linked`,
  )
  const keyed: Reads<KeyedContainer> = readsOf(
    () => db.select(keyedContainerColumns).from(containers).$dynamic(),
    (read) => `${read}_keyed`,
  )
  const idsByShipmentIds = db
    .select({ id: containers.id, shipment_id: containers.shipment_id })
    .from(containers)
    .where(ofShipments)
    .orderBy(containers.number)
    .prepare('container_ids_by_shipment_ids')
  return { full, shown, linked, keyed, idsByShipmentIds }
})

/** One id by `get`, whose plan PostgreSQL keeps; a list of one is planned every time. */
const byIdsWith = <Row>(reads: Reads<Row>, accountId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ids.length === 1
      ? reads.get.execute({ account: accountId, id: ids[0] })
      : reads.byIds.execute({ account: accountId, ids })

/** About 8,000 containers: a busy account's open pages. */
const TEXT_BYTES = 16 * 1024 * 1024

const shownReads = (db: Executor, textBytes: number) => {
  const withTexts = createShownTexts(textBytes)
  // a board's pages: a quarter beside the lists' texts
  const withLinkedTexts = createShownTexts(textBytes / 4, LINKED_TEXTS)
  return {
    async shownGet(accountId: string, id: string): Promise<ShownContainer | undefined> {
      const [row] = await statementsOf(db).linked.get.execute({ account: accountId, id })
      return row
    },

    shownByIds: (accountId: string, ids: string[]) => byIdsWith(statementsOf(db).shown, accountId, ids),

    /** A page read by its keys (the board's), with the texts of the containers changed since last written. */
    shownFromKeyed: (accountId: string, rows: KeyedContainer[]) =>
      withLinkedTexts(rows, (ids) => byIdsWith(statementsOf(db).linked, accountId, ids)),

    shownByShipmentIds: async (accountId: string, shipmentIds: string[]) =>
      shipmentIds.length === 0
        ? []
        : withTexts(
            await statementsOf(db).keyed.byShipmentIds.execute({ account: accountId, ids: shipmentIds }),
            (ids) => byIdsWith(statementsOf(db).shown, accountId, ids),
          ),

    idsByShipmentIds: (accountId: string, shipmentIds: string[]) =>
      shipmentIds.length === 0
        ? Promise.resolve([])
        : statementsOf(db).idsByShipmentIds.execute({ account: accountId, ids: shipmentIds }),
  }
}

const rowReads = (db: Executor) => ({
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

  async get(accountId: string, id: string): Promise<Container | undefined> {
    const [row] = await statementsOf(db).full.get.execute({ account: accountId, id })
    return row
  },

  byIds: (accountId: string, ids: string[]) => byIdsWith(statementsOf(db).full, accountId, ids),

  byShipmentIds: (accountId: string, shipmentIds: string[]) =>
    shipmentIds.length === 0
      ? Promise.resolve([])
      : statementsOf(db).full.byShipmentIds.execute({ account: accountId, ids: shipmentIds }),
})

const changesOf = (db: Executor, now: () => Date) => ({
  async updateRefNumbers(accountId: string, id: string, refNumbers: string[]) {
    const [row] = await db
      .update(containers)
      .set({ ref_numbers: refNumbers, updated_at: now() })
      .where(and(eq(containers.account_id, accountId), eq(containers.id, id)))
      .returning()
    return row
  },

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
})

export const createContainerStore = (db: Executor, now: () => Date, textBytes = TEXT_BYTES) => ({
  ...rowReads(db),
  ...shownReads(db, textBytes),
  ...changesOf(db, now),
  ...appointmentWrites(db, now),
})
