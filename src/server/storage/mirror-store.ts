import { createHash } from 'node:crypto'
import type { Executor } from './database'
import { customFieldRows } from './mirror-custom-fields'
import { withLfdSources } from './mirror-lfd'
import { relatedId, rowFromAttributes, type UpstreamResource } from './mirror-rows'
import { existing, idsByCode, ownIds, type Row, refreshSearchNumbers, unique, upsert } from './mirror-upsert'
import {
  containers,
  parties,
  ports,
  shipments,
  terminals,
  trackingRequests,
  transportEvents,
  vessels,
} from './schema'

const UPSTREAM = 'upstream'

const shipmentRows = (db: Executor) => ({
  async parties(accountId: string, resources: UpstreamResource[]) {
    const rows = resources
      .map((r) => ({ ...rowFromAttributes(parties, r), id: r.id, account_id: accountId }))
      .filter((row) => typeof (row as Row).company_name === 'string')
    return upsert(db, parties, rows, false)
  },

  async shipments(accountId: string, resources: UpstreamResource[], stamp: Date) {
    const [customers, terminalIds, vesselIds, portIds, vesselsByImo] = await Promise.all([
      existing(
        db,
        parties,
        resources.map((r) => relatedId(r, 'customer')),
      ),
      existing(
        db,
        terminals,
        resources.flatMap((r) => [relatedId(r, 'pod_terminal'), relatedId(r, 'destination_terminal')]),
      ),
      existing(
        db,
        vessels,
        resources.map((r) => relatedId(r, 'pod_vessel')),
      ),
      idsByCode(
        db,
        ports,
        ports.code,
        ports.id,
        resources.flatMap((r) => locodes(r)),
      ),
      idsByCode(
        db,
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
    return upsert(db, shipments, rows, true)
  },
})

const containerRows = (db: Executor) => ({
  async containers(
    accountId: string,
    resources: UpstreamResource[],
    stamp: Date,
    shipmentOf: Map<string, string>,
  ) {
    const shipmentId = (r: UpstreamResource) => relatedId(r, 'shipment') ?? shipmentOf.get(r.id) ?? null
    const [ownShipments, terminalIds] = await Promise.all([
      ownIds(db, shipments, accountId, resources.map(shipmentId)),
      existing(
        db,
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
    const written = await upsert(db, containers, await withLfdSources(db, accountId, rows), true)
    await refreshSearchNumbers(db, accountId, unique(rows.map((row) => row.shipment_id)))
    return written
  },
})

const eventRows = (db: Executor) => ({
  async transportEvents(accountId: string, resources: UpstreamResource[]) {
    const [ownContainers, terminalIds, vesselIds, portIds] = await Promise.all([
      ownIds(
        db,
        containers,
        accountId,
        resources.map((r) => relatedId(r, 'container')),
      ),
      existing(
        db,
        terminals,
        resources.map((r) => relatedId(r, 'terminal')),
      ),
      existing(
        db,
        vessels,
        resources.map((r) => relatedId(r, 'vessel')),
      ),
      idsByCode(
        db,
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
    return upsert(db, transportEvents, rows, false)
  },
})

const trackingRequestRows = (db: Executor) => ({
  async trackingRequests(accountId: string, resources: UpstreamResource[], stamp: Date) {
    const customers = await existing(
      db,
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
    return upsert(db, trackingRequests, rows, true)
  },
})

/** Only into its own account, and never moved back from a later `upstream_checked_at` by an older state. */
export const createMirrorStore = (db: Executor) => ({
  ...shipmentRows(db),
  ...containerRows(db),
  ...eventRows(db),
  ...trackingRequestRows(db),
  ...customFieldRows(db),
})

const text = (resource: UpstreamResource, name: string) => {
  const value = resource.attributes?.[name]
  return typeof value === 'string' && value ? value : null
}

const locodes = (r: UpstreamResource) =>
  ['port_of_lading_locode', 'port_of_discharge_locode', 'destination_locode'].map((name) => text(r, name))
