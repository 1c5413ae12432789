import type { RawEvent, ShownTransportEvent, TransportEvent } from '../storage/event-store'
import { iso } from '../storage/iso-time'
import { transportEventAttributes } from '../storage/transport-event-attributes'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

export const transportEventResource: ResourceDefinition<TransportEvent | ShownTransportEvent> = {
  type: 'transport_event',
  attributes: transportEventAttributes.of,
  relationships: {
    shipment: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    container: { kind: 'one', target: 'container', key: (row) => row.container_id },
    vessel: { kind: 'one', target: 'vessel', key: (row) => row.vessel_id },
    location: { kind: 'one', target: 'port', key: (row) => row.location_id },
    terminal: { kind: 'one', target: 'terminal', key: (row) => row.terminal_id },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.events.transportByIds(ctx.accountId, ids),
}

export const rawEventResource: ResourceDefinition<RawEvent> = {
  type: 'raw_event',
  attributes: (row) => ({
    event: row.event,
    original_event: row.original_event,
    timestamp: iso(row.timestamp),
    estimated: row.estimated,
    actual_on: row.actual_on,
    estimated_on: row.estimated_on,
    actual_at: iso(row.actual_at),
    estimated_at: iso(row.estimated_at),
    timezone: row.timezone,
    created_at: iso(row.created_at),
    location_name: row.location_name,
    location_locode: row.location_locode,
    vessel_name: row.vessel_name,
    vessel_imo: row.vessel_imo,
    index: row.index,
    voyage_number: row.voyage_number,
    will_occur_at: row.estimated ? iso(row.timestamp) : null,
    invalidated_at: iso(row.invalidated_at),
    data_source: row.data_source,
    data_provider_name: row.data_provider_name,
    data_provider_code: row.data_provider_code,
  }),
  relationships: {
    location: { kind: 'one', target: 'port', key: (row) => row.location_id },
    vessel: { kind: 'one', target: 'vessel', key: (row) => row.vessel_id },
    container: { kind: 'one', target: 'container', key: (row) => row.container_id },
    terminal: { kind: 'one', target: 'terminal', key: () => null },
  },
  loadByIds: async () => [],
}
