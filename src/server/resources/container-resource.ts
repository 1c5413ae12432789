import type { ResourceDefinition } from '../http/render'
import type { Container } from '../storage/container-store'
import type { Ctx } from './context'
import { groupBy, iso } from './format'

export const containerResource: ResourceDefinition<Container> = {
  type: 'container',
  self: (row) => `/v2/containers/${row.id}`,
  attributes: (row) => ({
    number: row.number,
    seal_number: row.seal_number,
    created_at: iso(row.created_at),
    ref_numbers: row.ref_numbers,
    pod_arrived_at: iso(row.pod_arrived_at),
    pod_discharged_at: iso(row.pod_discharged_at),
    final_destination_full_out_at: iso(row.final_destination_full_out_at),
    holds_at_pod_terminal: row.holds_at_pod_terminal,
    available_for_pickup: row.available_for_pickup,
    delivered_at: iso(row.delivered_at),
    current_status: row.current_status,
    empty_out_at: iso(row.empty_out_at),
    pol_full_in_at: iso(row.pol_full_in_at),
    pol_vessel_loaded_at: iso(row.pol_vessel_loaded_at),
    pol_vessel_departed_at: iso(row.pol_vessel_departed_at),
    equipment_type: row.equipment_type,
    equipment_length: row.equipment_length,
    equipment_height: row.equipment_height,
    pod_full_out_at: iso(row.pod_full_out_at),
    empty_terminated_at: iso(row.empty_terminated_at),
    terminal_checked_at: iso(row.terminal_checked_at),
    fees_at_pod_terminal: row.fees_at_pod_terminal,
    pickup_lfd: iso(row.pickup_lfd),
    pickup_appointment_at: iso(row.pickup_appointment_at),
    pod_full_out_chassis_number: row.pod_full_out_chassis_number,
    location_at_pod_terminal: row.location_at_pod_terminal,
    pod_last_tracking_request_at: iso(row.pod_last_tracking_request_at),
    shipment_last_tracking_request_at: iso(row.shipment_last_tracking_request_at),
    rail_last_tracking_request_at: iso(row.rail_last_tracking_request_at),
    availability_known: row.availability_known,
    pod_timezone: row.pod_timezone,
    final_destination_timezone: row.final_destination_timezone,
    weight_in_lbs: row.weight_in_lbs,
    empty_terminated_timezone: row.empty_terminated_timezone,
    pod_rail_carrier_scac: row.pod_rail_carrier_scac,
    ind_rail_carrier_scac: row.ind_rail_carrier_scac,
    pod_rail_loaded_at: iso(row.pod_rail_loaded_at),
    pod_rail_departed_at: iso(row.pod_rail_departed_at),
    ind_eta_at: iso(row.ind_eta_at),
    ind_ata_at: iso(row.ind_ata_at),
    ind_rail_unloaded_at: iso(row.ind_rail_unloaded_at),
    // the inland facility's own holds and fees are not tracked yet: null is the real service's 'unknown'
    ind_facility_holds: null,
    ind_facility_fees: null,
    ind_facility_lfd_on: row.ind_facility_lfd_on,
    import_deadlines: row.import_deadlines ?? {
      pickup_lfd_terminal: null,
      pickup_lfd_rail: null,
      pickup_lfd_line: null,
    },
    ssl_lfd: row.import_deadlines?.pickup_lfd_line ?? null,
  }),
  relationships: {
    shipment: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    pickup_facility: { kind: 'one', target: 'terminal', key: (row) => row.pickup_facility_id },
    pod_terminal: { kind: 'one', target: 'terminal', key: (row) => row.pod_terminal_id },
    transport_events: {
      kind: 'many',
      target: 'transport_event',
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.events.transportByContainerIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (e) => e.container_id,
        ),
    },
    raw_events: {
      kind: 'many',
      target: 'raw_event',
      ids: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.events.rawIdsByContainerIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (e) => e.container_id,
        ),
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.events.rawByContainerIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (e) => e.container_id,
        ),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.containers.byIds(ctx.accountId, ids),
}
