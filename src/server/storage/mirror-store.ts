import { createHash } from 'node:crypto'
import { and, eq, getTableName, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './database'
import { withLfdSources } from './mirror-lfd'
import { relatedId, rowFromAttributes, type UpstreamResource } from './mirror-rows'
import {
  containers,
  customFieldDefinitions,
  customFieldOptions,
  customFieldValues,
  parties,
  ports,
  shipments,
  terminals,
  trackingRequests,
  transportEvents,
  vessels,
} from './schema'

type Row = Record<string, unknown>
type Mirrored = PgTable & { id: PgColumn; account_id: PgColumn }
const UPSTREAM = 'upstream'
/** How a value's entity is kept, by the JSON:API type of the entity. */
const VALUE_TYPES: Record<string, string> = {
  shipment: 'Shipment',
  container: 'Cargo',
  tracking_request: 'TrackingRequest',
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))]

/**
 * Writes what an upstream holds into Quayside's own tables under the upstream's ids. A row is written
 * only into its own account (an id another account holds is left alone), and a row that already holds
 * a later state of the upstream (`upstream_checked_at`) is not moved back by an older one.
 */
export const createMirrorStore = (db: Executor) => {
  async function existing(table: PgTable & { id: PgColumn }, ids: (string | null)[]) {
    const wanted = unique(ids).filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    if (wanted.length === 0) return new Set<string>()
    const rows = await db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(inArray(table.id, wanted))
    return new Set(rows.map((r) => r.id as string))
  }

  async function idsByCode<T extends PgTable>(
    table: T,
    column: PgColumn,
    idColumn: PgColumn,
    codes: (string | null)[],
  ) {
    const wanted = unique(codes)
    if (wanted.length === 0) return new Map<string, string>()
    const rows = await db
      .select({ code: column, id: idColumn })
      .from(table as PgTable)
      .where(inArray(column, wanted))
    return new Map(rows.map((r) => [r.code as string, r.id as string]))
  }

  /** Inserts or updates `rows` by id; a page the database refuses as a whole is written row by row. */
  async function upsert(table: Mirrored, rows: Row[], stamped: boolean) {
    if (rows.length === 0) return 0
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((k) => k !== 'id')
    const columns = table as unknown as Record<string, PgColumn>
    const set = Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)]))
    const checked = columns.upstream_checked_at
    const where: SQL | undefined = and(
      eq(table.account_id, sql.raw('excluded."account_id"')),
      stamped ? or(isNull(checked), lte(checked, sql.raw('excluded."upstream_checked_at"'))) : undefined,
    )
    // each attempt in a savepoint of its own: a refused row must not abort the transaction around it
    const write = (batch: Row[]) =>
      db.transaction((tx) =>
        tx
          .insert(table)
          .values(batch as never)
          .onConflictDoUpdate({ target: table.id, set, where }),
      )
    try {
      await write(rows)
    } catch {
      for (const row of rows)
        await write([row]).catch((error: Error) =>
          console.warn(`Mirror: ${getTableName(table)} ${row.id} not written: ${error.message}`),
        )
    }
    return rows.length
  }

  return {
    async parties(accountId: string, resources: UpstreamResource[]) {
      const rows = resources
        .map((r) => ({ ...rowFromAttributes(parties, r), id: r.id, account_id: accountId }))
        .filter((row) => typeof (row as Row).company_name === 'string')
      return upsert(parties, rows, false)
    },

    async shipments(accountId: string, resources: UpstreamResource[], stamp: Date) {
      const [customers, terminalIds, vesselIds, portIds, vesselsByImo] = await Promise.all([
        existing(
          parties,
          resources.map((r) => relatedId(r, 'customer')),
        ),
        existing(
          terminals,
          resources.flatMap((r) => [relatedId(r, 'pod_terminal'), relatedId(r, 'destination_terminal')]),
        ),
        existing(
          vessels,
          resources.map((r) => relatedId(r, 'pod_vessel')),
        ),
        idsByCode(
          ports,
          ports.code,
          ports.id,
          resources.flatMap((r) => locodes(r)),
        ),
        idsByCode(
          vessels,
          vessels.imo,
          vessels.id,
          resources.map((r) => text(r, 'pod_vessel_imo')),
        ),
      ])
      const known = (set: Set<string>, id: string | null) => (id && set.has(id) ? id : null)
      const rows = resources.flatMap((r) => {
        const row = rowFromAttributes(shipments, r, ['voyage', 'next_update_at', 'sailing_leg'])
        const number = row.bill_of_lading_number as string | undefined
        if (!number) return []
        const vessel = known(vesselIds, relatedId(r, 'pod_vessel'))
        return [
          {
            ...row,
            normalized_number: (row.normalized_number as string | undefined) ?? number.toUpperCase(),
            shipping_line_scac: row.shipping_line_scac ?? '',
            id: r.id,
            account_id: accountId,
            source: UPSTREAM,
            upstream_checked_at: stamp,
            updated_at: stamp,
            customer_id: known(customers, relatedId(r, 'customer')),
            port_of_lading_id: portIds.get(text(r, 'port_of_lading_locode') ?? '') ?? null,
            port_of_discharge_id: portIds.get(text(r, 'port_of_discharge_locode') ?? '') ?? null,
            destination_id: portIds.get(text(r, 'destination_locode') ?? '') ?? null,
            pod_terminal_id: known(terminalIds, relatedId(r, 'pod_terminal')),
            destination_terminal_id: known(terminalIds, relatedId(r, 'destination_terminal')),
            pod_vessel_id: vessel ?? vesselsByImo.get(text(r, 'pod_vessel_imo') ?? '') ?? null,
          },
        ]
      })
      return upsert(shipments, rows, true)
    },

    async containers(
      accountId: string,
      resources: UpstreamResource[],
      stamp: Date,
      shipmentOf: Map<string, string>,
    ) {
      const shipmentId = (r: UpstreamResource) => relatedId(r, 'shipment') ?? shipmentOf.get(r.id) ?? null
      const [ownShipments, terminalIds] = await Promise.all([
        ownIds(shipments, accountId, resources.map(shipmentId)),
        existing(
          terminals,
          resources.flatMap((r) => [relatedId(r, 'pod_terminal'), relatedId(r, 'pickup_facility')]),
        ),
      ])
      const terminal = (id: string | null) => (id && terminalIds.has(id) ? id : null)
      const rows = resources.flatMap((r) => {
        const row = rowFromAttributes(containers, r)
        const shipment = shipmentId(r)
        if (!row.number || !shipment || !ownShipments.has(shipment)) return []
        return [
          {
            ...row,
            id: r.id,
            account_id: accountId,
            shipment_id: shipment,
            upstream_checked_at: stamp,
            upstream_digest: createHash('sha1')
              .update(JSON.stringify(r.attributes ?? {}))
              .digest('hex'),
            updated_at: stamp,
            pod_terminal_id: terminal(relatedId(r, 'pod_terminal')),
            pickup_facility_id: terminal(relatedId(r, 'pickup_facility')),
          },
        ]
      })
      const written = await upsert(containers, await withLfdSources(db, accountId, rows), true)
      await refreshSearchNumbers(accountId, unique(rows.map((row) => row.shipment_id)))
      return written
    },

    async transportEvents(accountId: string, resources: UpstreamResource[]) {
      const [ownContainers, terminalIds, vesselIds, portIds] = await Promise.all([
        ownIds(
          containers,
          accountId,
          resources.map((r) => relatedId(r, 'container')),
        ),
        existing(
          terminals,
          resources.map((r) => relatedId(r, 'terminal')),
        ),
        existing(
          vessels,
          resources.map((r) => relatedId(r, 'vessel')),
        ),
        idsByCode(
          ports,
          ports.code,
          ports.id,
          resources.map((r) => text(r, 'location_locode')),
        ),
      ])
      const rows = resources.flatMap((r) => {
        const row = rowFromAttributes(transportEvents, r)
        const container = relatedId(r, 'container')
        const shipment = container ? ownContainers.get(container) : undefined
        if (!row.event || !container || !shipment) return []
        const terminal = relatedId(r, 'terminal')
        const vessel = relatedId(r, 'vessel')
        return [
          {
            ...row,
            id: r.id,
            account_id: accountId,
            shipment_id: shipment,
            container_id: container,
            terminal_id: terminal && terminalIds.has(terminal) ? terminal : null,
            vessel_id: vessel && vesselIds.has(vessel) ? vessel : null,
            location_id: portIds.get(text(r, 'location_locode') ?? '') ?? null,
          },
        ]
      })
      return upsert(transportEvents, rows, false)
    },

    async trackingRequests(accountId: string, resources: UpstreamResource[], stamp: Date) {
      const customers = await existing(
        parties,
        resources.map((r) => relatedId(r, 'customer')),
      )
      const rows = resources.flatMap((r) => {
        const row = rowFromAttributes(trackingRequests, r, [
          'next_attempt_at',
          'attempts',
          'initial_custom_fields',
        ])
        if (!row.request_number || !row.request_type) return []
        const customer = relatedId(r, 'customer')
        const shipment = relatedId(r, 'tracked_object')
        return [
          {
            ...row,
            id: r.id,
            account_id: accountId,
            source: UPSTREAM,
            upstream_checked_at: stamp,
            next_attempt_at: null,
            attempts: Number(r.attributes?.retry_count ?? 0) || 0,
            customer_id: customer && customers.has(customer) ? customer : null,
            shipment_id: shipment && /^[0-9a-f-]{36}$/i.test(shipment) ? shipment : null,
          },
        ]
      })
      return upsert(trackingRequests, rows, true)
    },

    /** Custom field definitions, and the options of those that have them. */
    async customFieldDefinitions(
      accountId: string,
      definitions: UpstreamResource[],
      options: UpstreamResource[],
    ) {
      const rows = definitions
        .map((r) => ({ ...rowFromAttributes(customFieldDefinitions, r), id: r.id, account_id: accountId }))
        .filter((row: Row) => row.entity_type && row.api_slug && row.display_name && row.data_type)
      const written = await upsert(customFieldDefinitions, rows, false)
      const own = await ownIds(
        customFieldDefinitions,
        accountId,
        options.map((r) => relatedId(r, 'definition')),
      )
      const optionRows = options.flatMap((r) => {
        const row: Row = rowFromAttributes(customFieldOptions, r)
        const definition = relatedId(r, 'definition')
        if (!definition || !own.has(definition) || !row.label || !row.value) return []
        return [{ ...row, id: r.id, account_id: accountId, definition_id: definition }]
      })
      await upsert(customFieldOptions, optionRows, false)
      return written
    },

    /** Custom field values, on the shipments, containers and tracking requests the mirror holds. */
    async customFieldValues(accountId: string, resources: UpstreamResource[]) {
      const definitions = await ownIds(
        customFieldDefinitions,
        accountId,
        resources.map((r) => relatedId(r, 'definition')),
      )
      const rows = resources.flatMap((r) => {
        const row: Row = rowFromAttributes(customFieldValues, r)
        const definition = relatedId(r, 'definition')
        const entity = r.relationships?.entity?.data as { type?: string; id?: string } | undefined
        const entityType = entity?.type ? VALUE_TYPES[entity.type] : undefined
        if (!definition || !definitions.has(definition) || !entityType || !entity?.id || !row.api_slug)
          return []
        return [
          {
            ...row,
            id: r.id,
            account_id: accountId,
            definition_id: definition,
            entity_type: entityType,
            entity_id: entity.id,
          },
        ]
      })
      return upsert(customFieldValues, rows, false)
    },
  }

  /** The ids among `ids` the account owns, each with its shipment. */
  async function ownIds(table: Mirrored, accountId: string, ids: (string | null)[]) {
    const wanted = unique(ids).filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    if (wanted.length === 0) return new Map<string, string>()
    const shipmentColumn = table === (containers as unknown) ? containers.shipment_id : table.id
    const rows = await db
      .select({ id: table.id, shipment: shipmentColumn })
      .from(table as PgTable)
      .where(and(eq(table.account_id, accountId), inArray(table.id, wanted)))
    return new Map(rows.map((r) => [r.id as string, r.shipment as string]))
  }

  /** What `q` matches: the bill of lading, the references and the containers' numbers, upper-cased. */
  async function refreshSearchNumbers(accountId: string, shipmentIds: string[]) {
    if (shipmentIds.length === 0) return
    await db.execute(sql`
      update ${shipments} s set search_numbers = array(
        select distinct upper(trim(n)) from unnest(
          array[s.bill_of_lading_number]
          || array(select jsonb_array_elements_text(s.ref_numbers))
          || array(select c.number from ${containers} c where c.shipment_id = s.id)
        ) n
      )
      where s.account_id = ${accountId} and s.id in ${sql`(${sql.join(
        shipmentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`}`)
  }
}

const text = (resource: UpstreamResource, name: string) => {
  const value = resource.attributes?.[name]
  return typeof value === 'string' && value ? value : null
}

const locodes = (r: UpstreamResource) =>
  ['port_of_lading_locode', 'port_of_discharge_locode', 'destination_locode'].map((name) => text(r, name))
