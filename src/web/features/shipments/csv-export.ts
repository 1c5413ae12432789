import { csvRow } from '../../components/data-table/csv'
import { containersOnHold, soonestLfd, statusSummary } from '../../components/status/container-status'
import { feeTotal } from '../../components/status/fees'
import { csvTime, localDateIn } from '../../components/time/format-time'
import type { ShipmentRow } from './shipments-columns'

const HEADER = [
  'Bill of lading',
  'Carrier SCAC',
  'Carrier',
  'Customer',
  'Reference numbers',
  'Tags',
  'Port of lading',
  'Port of discharge',
  'Destination',
  'Vessel',
  'Voyage',
  'ETA at discharge (port time)',
  'Original ETA (port time)',
  'Arrived at discharge (port time)',
  'Containers',
  'Container status',
  'Soonest LFD (port date)',
  'Containers on hold',
  'Fees',
  'Tracking stopped',
]

const fees = (row: ShipmentRow) => {
  const totals = row.containers.map(feeTotal).filter((t) => t !== undefined)
  if (totals.length === 0) return ''
  const byCurrency = new Map<string, number>()
  for (const t of totals) byCurrency.set(t.currency, (byCurrency.get(t.currency) ?? 0) + t.amount)
  return [...byCurrency].map(([currency, amount]) => `${amount.toFixed(2)} ${currency}`).join('; ')
}

export function csvLine(row: ShipmentRow) {
  const a = row.shipment.attributes
  const lfd = soonestLfd(row.containers)
  const zone = a.pod_timezone
  return csvRow([
    a.bill_of_lading_number,
    a.shipping_line_scac,
    a.shipping_line_name,
    a.customer_name,
    (a.ref_numbers ?? []).join('; '),
    (a.tags ?? []).join('; '),
    a.port_of_lading_locode,
    a.port_of_discharge_locode,
    a.destination_locode,
    a.pod_vessel_name,
    a.pod_voyage_number,
    csvTime(a.pod_eta_at, zone),
    csvTime(a.pod_original_eta_at, zone),
    csvTime(a.pod_ata_at, zone),
    row.containers.map((c) => c.attributes.number).join('; '),
    statusSummary(row.containers),
    lfd ? localDateIn(lfd.lfd, lfd.zone) : '',
    containersOnHold(row.containers),
    fees(row),
    csvTime(a.line_tracking_stopped_at),
  ])
}

export const CSV_HEADER = HEADER
