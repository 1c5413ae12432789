import { shipments } from './schema'
import { shownAttributes } from './shown-attributes'

// spelled here so the store imports this file without a cycle
type Shipment = Omit<typeof shipments.$inferSelect, 'voyage'>

export const shipmentAttributes = shownAttributes<Shipment>({
  created_at: { time: shipments.created_at },
  ref_numbers: shipments.ref_numbers,
  tags: shipments.tags,
  bill_of_lading_number: shipments.bill_of_lading_number,
  normalized_number: shipments.normalized_number,
  shipping_line_scac: shipments.shipping_line_scac,
  shipping_line_name: shipments.shipping_line_name,
  shipping_line_short_name: shipments.shipping_line_short_name,
  customer_name: shipments.customer_name,
  port_of_lading_locode: shipments.port_of_lading_locode,
  port_of_lading_name: shipments.port_of_lading_name,
  port_of_discharge_locode: shipments.port_of_discharge_locode,
  port_of_discharge_name: shipments.port_of_discharge_name,
  pod_vessel_name: shipments.pod_vessel_name,
  pod_vessel_imo: shipments.pod_vessel_imo,
  pod_voyage_number: shipments.pod_voyage_number,
  destination_locode: shipments.destination_locode,
  destination_name: shipments.destination_name,
  destination_timezone: shipments.destination_timezone,
  destination_ata_at: { time: shipments.destination_ata_at },
  destination_eta_at: { time: shipments.destination_eta_at },
  pol_etd_at: { time: shipments.pol_etd_at },
  // no first-reported times are kept, so the current estimate stands in for the original
  pol_original_etd_at: { time: shipments.pol_etd_at },
  pol_atd_at: { time: shipments.pol_atd_at },
  pol_timezone: shipments.pol_timezone,
  pod_timezone: shipments.pod_timezone,
  pod_eta_at: { time: shipments.pod_eta_at },
  pod_original_eta_at: { time: shipments.pod_original_eta_at },
  destination_original_eta_at: { time: shipments.destination_eta_at },
  pod_ata_at: { time: shipments.pod_ata_at },
  transshipment_locode: shipments.transshipment_locode,
  transshipment_name: shipments.transshipment_name,
  line_tracking_last_attempted_at: { time: shipments.line_tracking_last_attempted_at },
  line_tracking_last_succeeded_at: { time: shipments.line_tracking_last_succeeded_at },
  line_tracking_stopped_at: { time: shipments.line_tracking_stopped_at },
  line_tracking_stopped_reason: shipments.line_tracking_stopped_reason,
  version: shipments.version,
  upstream_checked_at: { time: shipments.upstream_checked_at },
})
