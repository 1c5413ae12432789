import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { ShipmentListFilters } from '../../contract/shipment-list-query'
import {
  type CustomFieldCondition,
  customFieldConditions,
  pageByCustomField,
  withoutValue,
  withValueInOrder,
} from './custom-field-list'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { ANCHOR_EVERY, anchoredNewestPage } from './newest-anchors'
import { packedWords } from './packed-keys'
import { paged, pagedCountingWhenFull } from './paged'
import { inUuids, preparedPer, writtenLimit } from './prepared'
import { containers, shipmentCounts, shipments } from './schema'
import { customersNamedIn, partsOf, shipmentPartMatch } from './search-by-part'
import { shipmentAttributes } from './shipment-attributes'
import { createShownTexts, rowVersion } from './shown-texts'

/** Every column but the simulation's plan: the API never shows it and it is the widest by far. */
const { voyage: _plan, ...columns } = getTableColumns(shipments)
export const shipmentColumns = columns
export type Shipment = Omit<typeof shipments.$inferSelect, 'voyage'>
const keyedShipmentColumns = {
  id: shipments.id,
  port_of_lading_id: shipments.port_of_lading_id,
  port_of_discharge_id: shipments.port_of_discharge_id,
  pod_terminal_id: shipments.pod_terminal_id,
  destination_id: shipments.destination_id,
  destination_terminal_id: shipments.destination_terminal_id,
  pod_vessel_id: shipments.pod_vessel_id,
  customer_id: shipments.customer_id,
  version: rowVersion('shipments'),
}
const shownShipmentColumns = {
  ...keyedShipmentColumns,
  attributes_json: shipmentAttributes.json,
}
/**
 * A list's linkage, read in order from the index of migration 0041. Written out: drizzle leaves a column
 * inside a subquery of the select list unqualified.
 */
export const containerIds = sql<
  string[]
>`array(select c.id::text from containers c where c.shipment_id = shipments.id order by c.number)`
const linkedShipmentColumns = { ...shownShipmentColumns, container_ids: containerIds }
type KeyedShipment = Pick<Shipment, Exclude<keyof typeof keyedShipmentColumns, 'version'>> & {
  version: string
  container_ids?: string[]
}
/**
 * What a page reads first, as one text a row (packed-keys.ts): written out, as drizzle leaves a column
 * unqualified inside an expression and a later page joins its ids.
 */
const packedShipment = (linked: boolean) =>
  packedWords([
    ...[
      'id',
      'port_of_lading_id',
      'port_of_discharge_id',
      'pod_terminal_id',
      'destination_id',
      'destination_terminal_id',
      'pod_vessel_id',
      'customer_id',
    ].map((name) => sql.raw(`shipments.${name}`)),
    // two words: the row's xmin and the cluster's life
    rowVersion('shipments'),
    ...(linked ? [sql`array_to_string(${containerIds}, ' ')`] : []),
  ])
const keyedOf = (words: string[], linked: boolean): KeyedShipment => ({
  id: words[0],
  port_of_lading_id: words[1] || null,
  port_of_discharge_id: words[2] || null,
  pod_terminal_id: words[3] || null,
  destination_id: words[4] || null,
  destination_terminal_id: words[5] || null,
  pod_vessel_id: words[6] || null,
  customer_id: words[7] || null,
  version: `${words[8]} ${words[9]}`,
  ...(linked ? { container_ids: words.slice(10).filter(Boolean) } : {}),
})
const keyedText = { keyed: packedShipment(false) }
const keyedLinkedText = { keyed: packedShipment(true) }
const unpacked = (rows: { keyed: string[] }[], linked = false) =>
  rows.map((row) => keyedOf(row.keyed, linked))
export type ShownShipment = KeyedShipment & { attributes_json: string }
export type NewShipment = typeof shipments.$inferInsert
export type ShipmentFilters = Partial<ShipmentListFilters> & {
  customFields?: CustomFieldCondition[]
  /** An embed token's list. */
  ids?: string[]
  exactNumber?: string
  /** The customers whose names hold `q`'s words, read by the store itself before a search by part. */
  qCustomerIds?: string[]
}
export type PageRequest = { number: number; size: number }

export const SHIPMENT_SORT_FIELDS = {
  created_at: shipments.created_at,
  bill_of_lading_number: shipments.bill_of_lading_number,
  shipping_line_scac: shipments.shipping_line_scac,
  port_of_lading_name: shipments.port_of_lading_name,
  port_of_discharge_name: shipments.port_of_discharge_name,
  pod_vessel_name: shipments.pod_vessel_name,
  pod_eta_at: shipments.pod_eta_at,
} as const
export type ShipmentSort =
  | { field: keyof typeof SHIPMENT_SORT_FIELDS; descending: boolean }
  | { field: 'custom_field'; definitionId: string; descending: boolean }

const NEWEST_FIRST: ShipmentSort = { field: 'created_at', descending: true }

/** Rows without a value come last either way; the id breaks ties so pages never overlap. */
const orderFor = (sort: Exclude<ShipmentSort, { field: 'custom_field' }>, searching: boolean) => {
  const column = SHIPMENT_SORT_FIELDS[sort.field]
  const direction = sort.descending ? desc : asc
  if (sort.field !== 'created_at') return [sql`${column} is null`, direction(column), direction(shipments.id)]
  // a search matches a few rows, but PostgreSQL guesses hundreds and walks the whole account in date order
  // (300 ms at 100,000 shipments); ordering by an expression keeps it on the search indexes (under 5 ms)
  const createdAt = searching ? sql`${shipments.created_at} + interval '0 seconds'` : shipments.created_at
  return [direction(createdAt), direction(shipments.id)]
}

const matchesQuery = (query: string, customerIds: string[]) => {
  const q = query.trim().toUpperCase()
  return or(
    arrayContains(shipments.search_numbers, [q]),
    like(shipments.normalized_number, `${escapeLike(q)}%`),
    shipmentPartMatch(query, customerIds),
  )
}

/** Read once, before the page and its total. */
const withQCustomers = async (db: Executor, accountId: string, filters: ShipmentFilters) =>
  filters.q?.trim() && !filters.qCustomerIds
    ? { ...filters, qCustomerIds: await customersNamedIn(db, accountId, filters.q) }
    : filters

const rankOf = (query: string) => {
  const q = query.trim().toUpperCase()
  return sql`case when ${arrayContains(shipments.search_numbers, [q])} then 0 when ${like(shipments.normalized_number, `${escapeLike(q)}%`)} then 1 else 2 end`
}

/** The account's condition first: `narrows` counts the rest. */
const conditionsFor = (accountId: string, filters: ShipmentFilters) => {
  const where: (SQL | undefined)[] = [eq(shipments.account_id, accountId)]
  if (filters.q?.trim()) where.push(matchesQuery(filters.q, filters.qCustomerIds ?? []))
  if (filters.number) {
    const number = filters.number.trim().toUpperCase()
    where.push(
      sql`${shipments.tracking_request_id} in (select id from tracking_requests where account_id = ${accountId} and upper(request_number) = ${number})`,
    )
  }
  if (filters.stopped === true) where.push(isNotNull(shipments.line_tracking_stopped_at))
  if (filters.stopped === false) where.push(isNull(shipments.line_tracking_stopped_at))
  if (filters.carrier) where.push(eq(shipments.shipping_line_scac, filters.carrier.toUpperCase()))
  if (filters.pol) where.push(eq(shipments.port_of_lading_locode, filters.pol.toUpperCase()))
  if (filters.pod) where.push(eq(shipments.port_of_discharge_locode, filters.pod.toUpperCase()))
  if (filters.customer) where.push(eq(shipments.customer_id, filters.customer))
  if (filters.tag) where.push(sql`${shipments.tags} @> ${JSON.stringify([filters.tag])}::jsonb`)
  where.push(...customFieldConditions(filters.customFields ?? []))
  if (filters.ids) where.push(filters.ids.length > 0 ? inArray(shipments.id, filters.ids) : sql`false`)
  if (filters.exactNumber !== undefined)
    where.push(arrayContains(shipments.search_numbers, [filters.exactNumber.trim().toUpperCase()]))
  return where.filter((condition) => condition !== undefined)
}

const filtersFor = (accountId: string, filters: ShipmentFilters) => and(...conditionsFor(accountId, filters))

const narrows = (filters: ShipmentFilters) => conditionsFor('', filters).length > 1

const account = eq(shipments.account_id, sql.placeholder('account'))
/**
 * A prefix as a byte-order range, which a kept plan can use (`like $prefix` was planned afresh every time,
 * 0.55 ms); each value goes through `(select $n)` so no custom plan guesses one row and wins over it.
 */
const unseen = (name: string, type: 'text' | 'text[]') =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`
const searched = and(
  account,
  or(
    sql`${shipments.search_numbers} @> ${unseen('numbers', 'text[]')}`,
    sql`(${shipments.normalized_number} ~>=~ ${unseen('from', 'text')} and ${shipments.normalized_number} ~<~ ${unseen('before', 'text')})`,
  ),
)
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/
/** `[prefix, before)`: exact for printable ASCII. */
const prefixRange = (prefix: string) => ({
  from: prefix,
  before: `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`,
})

type Statement<Row> = { execute: (values: Record<string, unknown>) => Promise<Row[]> }
type PageReads<Row> = {
  [read in 'newest' | 'search' | 'fromAnchor']: Statement<Row>
} & { firstPage: (read: 'newest' | 'search', size: number) => Statement<Row> }
type IdReads<Row> = { [read in 'byIds' | 'byId']: Statement<Row> }

const pageQuery = <T extends PgSelect>(query: T, read: 'newest' | 'search') =>
  read === 'newest'
    ? query.where(account).orderBy(desc(shipments.created_at), desc(shipments.id))
    : query.where(searched).orderBy(...orderFor(NEWEST_FIRST, true))

/** The size is written into the statement: with `limit $n` PostgreSQL planned every page afresh (0.25–0.55 ms). */
const firstPagesOf = <T extends PgSelect>(select: () => T, name: (read: string) => string) => {
  const build = (read: 'newest' | 'search', size: number) =>
    pageQuery(select(), read)
      .limit(writtenLimit(size))
      .prepare(name(`shipments_${read}_first_${Math.trunc(size)}`))
  const built = new Map<string, ReturnType<typeof build>>()
  return (read: 'newest' | 'search', size: number) => {
    const key = `${read} ${size}`
    let statement = built.get(key)
    if (!statement) {
      statement = build(read, size)
      built.set(key, statement)
    }
    return statement
  }
}

type NewestWindow = {
  account: Placeholder | string
  limit: Placeholder | number
  offset: Placeholder | number
  /** From this row on, itself included (newest-anchors.ts). */
  from?: { at: Placeholder | string; id: Placeholder | string }
}
const PLACED: NewestWindow = {
  account: sql.placeholder('account'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
}

/**
 * A later page's ids from the account's index alone, then only those rows: the offset walked the heap row
 * by row (35 ms for page 2,000 at 100,000 shipments), where the index holds both the order and the id (8 ms).
 */
const newestPage = <T extends PgSelect>(db: Executor, select: T, window: NewestWindow) => {
  const ids = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.account_id, window.account),
        window.from
          ? sql`(${shipments.created_at}, ${shipments.id}) <= (${window.from.at}::timestamptz, ${window.from.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(shipments.created_at), desc(shipments.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page_ids')
  return select
    .innerJoin(ids, eq(shipments.id, ids.id))
    .orderBy(desc(shipments.created_at), desc(shipments.id))
}

const pageReadsOf = <T extends PgSelect>(db: Executor, select: () => T, name: (read: string) => string) => ({
  firstPage: firstPagesOf(select, name),
  newest: newestPage(db, select(), PLACED).prepare(name('shipments_newest')),
  fromAnchor: newestPage(db, select(), {
    ...PLACED,
    from: { at: sql.placeholder('from_at'), id: sql.placeholder('from_id') },
  }).prepare(name('shipments_newest_from')),
  search: pageQuery(select(), 'search')
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name('shipments_search')),
})

const idReadsOf = <T extends PgSelect>(select: () => T, name: (read: string) => string) => ({
  byIds: select()
    .where(and(account, inUuids(shipments.id, 'ids')))
    .prepare(name('shipments_by_ids')),
  // one id compared as one value: PostgreSQL keeps a generic plan for it, where a list of unknown length
  // made it plan every execution afresh (0.15 ms, four times the read)
  byId: select()
    .where(and(account, eq(shipments.id, sql.placeholder('id'))))
    .prepare(name('shipments_by_id')),
})

const byIdsWith = <Row>(reads: IdReads<Row>, accountId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ids.length === 1
      ? reads.byId.execute({ account: accountId, id: ids[0] })
      : reads.byIds.execute({ account: accountId, ids })

const statementsOf = preparedPer((db) => {
  const shown: IdReads<ShownShipment> = idReadsOf(
    () => db.select(shownShipmentColumns).from(shipments).$dynamic(),
    (read) => `${read}_shown`,
  )
  const linked: IdReads<ShownShipment> = idReadsOf(
    () => db.select(linkedShipmentColumns).from(shipments).$dynamic(),
    (read) => `${read}_linked`,
  )
  const full: IdReads<Shipment> = idReadsOf(
    () => db.select(shipmentColumns).from(shipments).$dynamic(),
    (read) => read,
  )
  const keyed: IdReads<{ keyed: string[] }> = idReadsOf(
    () => db.select(keyedText).from(shipments).$dynamic(),
    (read) => `${read}_keyed`,
  )
  return {
    full,
    keyed,
    shown,
    linked,
    searchTotal: db
      .select({ total: count() })
      .from(shipments)
      .where(searched)
      .prepare('shipments_search_total'),
    kept: db
      .select({ total: shipmentCounts.shipments })
      .from(shipmentCounts)
      .where(eq(shipmentCounts.account_id, sql.placeholder('account')))
      .prepare('shipment_count_kept'),
  }
})

const searchNumbersFor = (
  shipment: Pick<Shipment, 'bill_of_lading_number' | 'ref_numbers'>,
  containerNumbers: string[],
) => [
  ...new Set(
    [shipment.bill_of_lading_number, ...shipment.ref_numbers, ...containerNumbers].map((n) =>
      n.trim().toUpperCase(),
    ),
  ),
]

const listQuery = <T extends PgSelect>(
  query: T,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  sort: Exclude<ShipmentSort, { field: 'custom_field' }>,
) =>
  query
    .where(filtersFor(accountId, filters))
    .orderBy(
      // a search in no order of its own asked for puts whole numbers first, then beginnings, then parts
      ...(filters.q?.trim() && sort === NEWEST_FIRST ? [rankOf(filters.q)] : []),
      ...orderFor(sort, Boolean(filters.q?.trim())),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size)

/** A custom field's order takes two statements: the shipments with the field, then those without. */
const pageStatements = (
  db: Executor,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  sort: ShipmentSort,
) => {
  if (sort.field !== 'custom_field') return [listQuery(FULL.rows(db), accountId, filters, page, sort)]
  const where = filtersFor(accountId, filters)
  const window = { limit: page.size, offset: (page.number - 1) * page.size }
  return [
    withValueInOrder(db, where, sort, window, shipmentColumns),
    withoutValue(db, where, sort, { limit: page.size, offset: 0 }, shipmentColumns),
  ]
}

/** Unnarrowed, the account's count kept by triggers (migration 0018), so the whole account counts nothing. */
const totalOf = async (db: Executor, accountId: string, filters: ShipmentFilters) => {
  if (narrows(filters))
    return db.select({ total: count() }).from(shipments).where(filtersFor(accountId, filters))
  const kept = await statementsOf(db).kept.execute({ account: accountId })
  return kept.length > 0 ? kept : [{ total: 0 }]
}

type OwnSort = Exclude<ShipmentSort, { field: 'custom_field' }>
type PageShape<Row> = {
  reads: (db: Executor) => PageReads<Row>
  list: (
    db: Executor,
    accountId: string,
    filters: ShipmentFilters,
    page: PageRequest,
    sort: OwnSort,
  ) => PromiseLike<Row[]>
}

const pageShape = <T extends PgSelect>(rows: (db: Executor) => T, name: (read: string) => string) => ({
  rows,
  reads: preparedPer((db) => pageReadsOf(db, () => rows(db), name)),
  list: (db: Executor, accountId: string, filters: ShipmentFilters, page: PageRequest, sort: OwnSort) =>
    listQuery(rows(db), accountId, filters, page, sort),
})

const FULL = pageShape(
  (db) => db.select(shipmentColumns).from(shipments).$dynamic(),
  (read) => read,
)
const KEYED = pageShape(
  (db) => db.select(keyedText).from(shipments).$dynamic(),
  (read) => `${read}_keyed`,
)
const KEYED_LINKED = pageShape(
  (db) => db.select(keyedLinkedText).from(shipments).$dynamic(),
  (read) => `${read}_keyed_linked`,
)

async function searchedPage<Row>(
  db: Executor,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  reads: PageReads<Row>,
) {
  const q = filters.q?.trim().toUpperCase()
  if (!q || !PRINTABLE_ASCII.test(q) || narrows({ ...filters, q: undefined })) return undefined
  const window = { account: accountId, limit: page.size, offset: (page.number - 1) * page.size }
  const terms = { account: accountId, numbers: [q], ...prefixRange(q) }
  const found = await pagedCountingWhenFull(
    (page.number === 1 ? reads.firstPage('search', page.size) : reads.search).execute({
      ...window,
      ...terms,
    }),
    () => statementsOf(db).searchTotal.execute(terms),
    window,
  )
  // no number is it or begins with it: only then look inside numbers and names
  const { number, words } = partsOf(q)
  return found.total > 0 || (!number && !words) ? found : undefined
}

async function pageOf<Row>(
  db: Executor,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  sort: OwnSort,
  shape: PageShape<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const reads = shape.reads(db)
  const newestFirst = sort.field === 'created_at' && sort.descending
  if (newestFirst && !narrows(filters)) {
    const window = { account: accountId, limit: page.size, offset: (page.number - 1) * page.size }
    if (window.offset >= ANCHOR_EVERY) return anchoredNewestPage(db, reads, accountId, window)
    return paged(
      (page.number === 1 ? reads.firstPage('newest', page.size) : reads.newest).execute(window),
      totalOf(db, accountId, filters),
    )
  }
  const searched = newestFirst ? await searchedPage(db, accountId, filters, page, reads) : undefined
  if (searched) return searched
  const named = await withQCustomers(db, accountId, filters)
  return pagedCountingWhenFull(
    shape.list(db, accountId, named, page, sort),
    () => totalOf(db, accountId, named),
    { limit: page.size, offset: (page.number - 1) * page.size },
  )
}

async function customFieldPage(
  db: Executor,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  sort: Extract<ShipmentSort, { field: 'custom_field' }>,
) {
  const named = await withQCustomers(db, accountId, filters)
  return pagedCountingWhenFull(
    pageByCustomField<Shipment>(db, filtersFor(accountId, named), sort, page, shipmentColumns),
    () => totalOf(db, accountId, named),
    { limit: page.size, offset: (page.number - 1) * page.size },
  )
}

/** Attribute texts of about 8,000 shipments: a busy account's open pages, read again as they change. */
const TEXT_BYTES = 16 * 1024 * 1024

const shownReads = (db: Executor, textBytes: number) => {
  const withTexts = createShownTexts(textBytes)
  return {
    /** Keys first, then the attributes of the shipments changed since last written. */
    async listShown(
      accountId: string,
      filters: ShipmentFilters,
      page: PageRequest,
      sort: ShipmentSort = NEWEST_FIRST,
      linked = false,
    ): Promise<{ rows: (ShownShipment | Shipment)[]; total: number }> {
      if (sort.field === 'custom_field') return customFieldPage(db, accountId, filters, page, sort)
      const shape = linked ? KEYED_LINKED : KEYED
      const { rows, total } = await pageOf(db, accountId, filters, page, sort, shape)
      const shown = await withTexts(unpacked(rows, linked), (ids) =>
        byIdsWith(statementsOf(db).shown, accountId, ids),
      )
      return { rows: shown, total }
    },

    async shownGet(accountId: string, id: string): Promise<ShownShipment | undefined> {
      const [row] = await statementsOf(db).linked.byId.execute({ account: accountId, id })
      return row
    },

    /**
     * As a list does: keys first, then the texts of the shipments changed since (a board page's). One shipment
     * (a container's) is read with its text at once: writing one text costs PostgreSQL what reading its key
     * does (0.02 against 0.03 ms), and a first read after a change saves a statement.
     */
    shownByIds: async (accountId: string, ids: string[]): Promise<ShownShipment[]> =>
      ids.length === 1
        ? byIdsWith(statementsOf(db).shown, accountId, ids)
        : withTexts(unpacked(await byIdsWith(statementsOf(db).keyed, accountId, ids)), (changed) =>
            byIdsWith(statementsOf(db).shown, accountId, changed),
          ),
  }
}

/** How PostgreSQL runs the list query, measured: the benchmark shows that search uses an index. */
async function explainList(
  db: Executor,
  accountId: string,
  filters: ShipmentFilters,
  page: PageRequest,
  sort: ShipmentSort,
) {
  const plans: string[] = []
  const named = await withQCustomers(db, accountId, filters)
  for (const statement of pageStatements(db, accountId, named, page, sort)) {
    const { rows } = await db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${statement}`)
    plans.push(
      ...(plans.length > 0 ? ['', '-- and, once a page reaches past the shipments with the field:'] : []),
    )
    plans.push(...rows.map((row) => Object.values(row)[0]))
  }
  return plans
}

async function rowOf(db: Executor, accountId: string, id: string) {
  const [row] = await db
    .select(shipmentColumns)
    .from(shipments)
    .where(and(eq(shipments.account_id, accountId), eq(shipments.id, id)))
  return row
}

const rowReads = (db: Executor) => ({
  byBillsOfLading: (accountId: string, numbers: string[]) =>
    numbers.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: shipments.id })
          .from(shipments)
          .where(
            and(
              eq(shipments.account_id, accountId),
              inArray(
                shipments.normalized_number,
                numbers.map((n) => n.trim().toUpperCase()),
              ),
            ),
          ),

  /** The simulated voyage a shipment follows, read only where a map needs it. */
  async voyage(accountId: string, id: string) {
    const [row] = await db
      .select({ voyage: shipments.voyage })
      .from(shipments)
      .where(and(eq(shipments.account_id, accountId), eq(shipments.id, id)))
    return row?.voyage ?? undefined
  },

  list: (
    accountId: string,
    filters: ShipmentFilters,
    page: PageRequest,
    sort: ShipmentSort = NEWEST_FIRST,
  ) =>
    sort.field === 'custom_field'
      ? customFieldPage(db, accountId, filters, page, sort)
      : pageOf(db, accountId, filters, page, sort, FULL),

  explainList: (
    accountId: string,
    filters: ShipmentFilters,
    page: PageRequest,
    sort: ShipmentSort = NEWEST_FIRST,
  ) => explainList(db, accountId, filters, page, sort),

  /** The plan of a later page of the unfiltered list, newest first, as its prepared statement runs it. */
  async explainNewestPage(accountId: string, page: PageRequest) {
    const window = { account: accountId, limit: page.size, offset: (page.number - 1) * page.size }
    const statement = newestPage(db, KEYED.rows(db), window)
    const result = await db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${statement}`)
    return result.rows.map((row) => Object.values(row)[0])
  },

  get: (accountId: string, id: string) => rowOf(db, accountId, id),

  byIds: (accountId: string, ids: string[]) => byIdsWith(statementsOf(db).full, accountId, ids),
})

const changesOf = (db: Executor, now: () => Date) => ({
  /** Changes the shipment only while at one of `versions` (any, when absent); undefined otherwise. */
  async edit(accountId: string, id: string, changes: Partial<NewShipment>, versions?: number[]) {
    const [row] = await db
      .update(shipments)
      .set({ ...changes, version: sql`${shipments.version} + 1`, updated_at: now() })
      .where(
        and(
          eq(shipments.account_id, accountId),
          eq(shipments.id, id),
          versions ? inArray(shipments.version, versions) : undefined,
        ),
      )
      .returning(shipmentColumns)
    return row
  },

  async update(accountId: string, id: string, changes: Partial<NewShipment>) {
    const [row] = await db
      .update(shipments)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(shipments.account_id, accountId), eq(shipments.id, id)))
      .returning(shipmentColumns)
    return row
  },

  /** The name is kept beside the id on every shipment. */
  async renameCustomer(accountId: string, customerId: string, name: string) {
    await db
      .update(shipments)
      .set({ customer_name: name })
      .where(and(eq(shipments.account_id, accountId), eq(shipments.customer_id, customerId)))
  },

  async refreshSearchNumbers(accountId: string, id: string) {
    const shipment = await rowOf(db, accountId, id)
    if (!shipment) return
    const numbers = await db
      .select({ number: containers.number })
      .from(containers)
      .where(eq(containers.shipment_id, id))
    await db
      .update(shipments)
      .set({
        search_numbers: searchNumbersFor(
          shipment,
          numbers.map((c) => c.number),
        ),
      })
      .where(eq(shipments.id, id))
  },
})

export const createShipmentStore = (db: Executor, now: () => Date, textBytes = TEXT_BYTES) => ({
  ...rowReads(db),
  ...shownReads(db, textBytes),
  ...changesOf(db, now),
})
