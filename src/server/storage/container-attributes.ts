import { sql } from 'drizzle-orm'
import { containers } from './schema'
import { shownAttributes } from './shown-attributes'

// spelled here so the store imports this file without a cycle
type Container = typeof containers.$inferSelect

const UNKNOWN = { computed: () => null, sql: sql`null` }
const NO_DEADLINES = { pickup_lfd_terminal: null, pickup_lfd_rail: null, pickup_lfd_line: null }

export const containerAttributes = shownAttributes<Container>({
  number: containers.number,
  seal_number: containers.seal_number,
  created_at: { time: containers.created_at },
  ref_numbers: containers.ref_numbers,
  pod_arrived_at: { time: containers.pod_arrived_at },
  pod_discharged_at: { time: containers.pod_discharged_at },
  final_destination_full_out_at: { time: containers.final_destination_full_out_at },
  holds_at_pod_terminal: containers.holds_at_pod_terminal,
  available_for_pickup: containers.available_for_pickup,
  delivered_at: { time: containers.delivered_at },
  current_status: containers.current_status,
  empty_out_at: { time: containers.empty_out_at },
  pol_full_in_at: { time: containers.pol_full_in_at },
  pol_vessel_loaded_at: { time: containers.pol_vessel_loaded_at },
  pol_vessel_departed_at: { time: containers.pol_vessel_departed_at },
  equipment_type: containers.equipment_type,
  equipment_length: containers.equipment_length,
  equipment_height: containers.equipment_height,
  pod_full_out_at: { time: containers.pod_full_out_at },
  empty_terminated_at: { time: containers.empty_terminated_at },
  terminal_checked_at: { time: containers.terminal_checked_at },
  fees_at_pod_terminal: containers.fees_at_pod_terminal,
  pickup_lfd: { time: containers.pickup_lfd },
  pickup_appointment_at: { time: containers.pickup_appointment_at },
  pod_full_out_chassis_number: containers.pod_full_out_chassis_number,
  location_at_pod_terminal: containers.location_at_pod_terminal,
  pod_last_tracking_request_at: { time: containers.pod_last_tracking_request_at },
  shipment_last_tracking_request_at: { time: containers.shipment_last_tracking_request_at },
  rail_last_tracking_request_at: { time: containers.rail_last_tracking_request_at },
  availability_known: containers.availability_known,
  pod_timezone: containers.pod_timezone,
  final_destination_timezone: containers.final_destination_timezone,
  weight_in_lbs: containers.weight_in_lbs,
  empty_terminated_timezone: containers.empty_terminated_timezone,
  pod_rail_carrier_scac: containers.pod_rail_carrier_scac,
  ind_rail_carrier_scac: containers.ind_rail_carrier_scac,
  pod_rail_loaded_at: { time: containers.pod_rail_loaded_at },
  pod_rail_departed_at: { time: containers.pod_rail_departed_at },
  ind_eta_at: { time: containers.ind_eta_at },
  ind_ata_at: { time: containers.ind_ata_at },
  ind_rail_unloaded_at: { time: containers.ind_rail_unloaded_at },
  // not tracked yet: null is the real service's 'unknown'
  ind_facility_holds: UNKNOWN,
  ind_facility_fees: UNKNOWN,
  ind_facility_lfd_on: containers.ind_facility_lfd_on,
  import_deadlines: {
    computed: (row) => row.import_deadlines ?? NO_DEADLINES,
    sql: sql`coalesce(${containers.import_deadlines}::json, ${sql.raw(`'${JSON.stringify(NO_DEADLINES)}'::json`)})`,
  },
  lfd_sources: containers.lfd_sources,
  empty_return_deadline: { time: containers.empty_return_deadline },
  detention_tariff: containers.detention_tariff,
  pickup_lfd_source: containers.pickup_lfd_source,
  pickup_lfd_checked_at: { time: containers.pickup_lfd_checked_at },
  delivery_appointment_at: { time: containers.delivery_appointment_at },
  empty_return_appointment_at: { time: containers.empty_return_appointment_at },
  appointments: containers.appointments,
  next_appointment_at: { time: containers.next_appointment_at },
  next_appointment_kind: containers.next_appointment_kind,
  ssl_lfd: {
    computed: (row) => row.import_deadlines?.pickup_lfd_line ?? null,
    sql: sql`(${containers.import_deadlines} -> 'pickup_lfd_line')`,
  },
})
