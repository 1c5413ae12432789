import type { ResourceDefinition } from '../http/render'
import type { Shipment } from '../storage/shipment-store'
import type { Ctx } from './context'
import { groupBy, iso } from './format'

export const shipmentResource: ResourceDefinition<Shipment> = {
  type: 'shipment',
  self: (row) => `/v2/shipments/${row.id}`,
  attributes: (row) => ({
    created_at: iso(row.created_at),
    ref_numbers: row.ref_numbers,
    tags: row.tags,
    bill_of_lading_number: row.bill_of_lading_number,
    normalized_number: row.normalized_number,
    shipping_line_scac: row.shipping_line_scac,
    shipping_line_name: row.shipping_line_name,
    shipping_line_short_name: row.shipping_line_short_name,
    customer_name: row.customer_name,
    port_of_lading_locode: row.port_of_lading_locode,
    port_of_lading_name: row.port_of_lading_name,
    port_of_discharge_locode: row.port_of_discharge_locode,
    port_of_discharge_name: row.port_of_discharge_name,
    pod_vessel_name: row.pod_vessel_name,
    pod_vessel_imo: row.pod_vessel_imo,
    pod_voyage_number: row.pod_voyage_number,
    destination_locode: row.destination_locode,
    destination_name: row.destination_name,
    destination_timezone: row.destination_timezone,
    destination_ata_at: iso(row.destination_ata_at),
    destination_eta_at: iso(row.destination_eta_at),
    pol_etd_at: iso(row.pol_etd_at),
    // no separate first-reported times are kept, so the current estimate stands in for the original
    pol_original_etd_at: iso(row.pol_etd_at),
    pol_atd_at: iso(row.pol_atd_at),
    pol_timezone: row.pol_timezone,
    pod_timezone: row.pod_timezone,
    pod_eta_at: iso(row.pod_eta_at),
    pod_original_eta_at: iso(row.pod_original_eta_at),
    destination_original_eta_at: iso(row.destination_eta_at),
    pod_ata_at: iso(row.pod_ata_at),
    transshipment_locode: row.transshipment_locode,
    transshipment_name: row.transshipment_name,
    line_tracking_last_attempted_at: iso(row.line_tracking_last_attempted_at),
    line_tracking_last_succeeded_at: iso(row.line_tracking_last_succeeded_at),
    line_tracking_stopped_at: iso(row.line_tracking_stopped_at),
    line_tracking_stopped_reason: row.line_tracking_stopped_reason,
  }),
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
          await ctx.storage.containers.byShipmentIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (c) => c.shipment_id,
        ),
    },
    // a Quayside extension: `include=custom_fields` brings each shipment's values, for list columns
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
  loadByIds: (ctx: Ctx, ids) => ctx.storage.shipments.byIds(ctx.accountId, ids),
}
