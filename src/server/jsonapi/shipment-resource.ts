import { shipmentAttributes } from '../storage/shipment-attributes'
import type { Shipment, ShownShipment } from '../storage/shipment-store'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

export const shipmentResource: ResourceDefinition<Shipment | ShownShipment> = {
  type: 'shipment',
  self: (row) => `/v2/shipments/${row.id}`,
  attributes: shipmentAttributes.of,
  attributeNames: shipmentAttributes.names,
  relationships: {
    port_of_lading: { kind: 'one', target: 'port', key: (row) => row.port_of_lading_id },
    port_of_discharge: { kind: 'one', target: 'port', key: (row) => row.port_of_discharge_id },
    pod_terminal: { kind: 'one', target: 'terminal', key: (row) => row.pod_terminal_id },
    destination: { kind: 'one', target: 'port', key: (row) => row.destination_id },
    destination_terminal: { kind: 'one', target: 'terminal', key: (row) => row.destination_terminal_id },
    pod_vessel: { kind: 'one', target: 'vessel', key: (row) => row.pod_vessel_id },
    customer: { kind: 'one', target: 'party', key: (row) => row.customer_id },
    line_tracking_stopped_by_user: { kind: 'one', target: 'user', key: () => null },
    containers: {
      kind: 'many',
      target: 'container',
      idsInRow: (row) => ('container_ids' in row ? row.container_ids : undefined),
      ids: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.containers.idsByShipmentIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (c) => c.shipment_id,
        ),
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.containers.shownByShipmentIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (c) => c.shipment_id,
        ),
    },
    custom_fields: {
      kind: 'many',
      target: 'custom_field',
      linkage: false,
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.customFields.valuesByEntityIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (v) => v.entity_id,
        ),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.shipments.shownByIds(ctx.accountId, ids),
}
