import { holdCount, soonestLfd, statusSummary } from '../../components/status/container-status'
import { feeTotal } from '../../components/status/fees'
import { localDateIn } from '../../components/time/format-time'
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
  'ETA at discharge (UTC)',
  'Original ETA (UTC)',
  'Arrived at discharge (UTC)',
  'Containers',
  'Container status',
  'Soonest LFD (port date)',
  'Holds',
  'Fees',
  'Tracking stopped (UTC)',
]

/** RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string | number | null | undefined) {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const fees = (row: ShipmentRow) => {
  const totals = row.containers.map(feeTotal).filter((t) => t !== undefined)
  if (totals.length === 0) return ''
  const byCurrency = new Map<string, number>()
  for (const t of totals) byCurrency.set(t.currency, (byCurrency.get(t.currency) ?? 0) + t.amount)
  return [...byCurrency].map(([currency, amount]) => `${amount.toFixed(2)} ${currency}`).join('; ')
}

/** One line per shipment, with the columns a person filters and reconciles on. */
export function csvLine(row: ShipmentRow) {
  const a = row.shipment.attributes
  const lfd = soonestLfd(row.containers)
  return [
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
    a.pod_eta_at,
    a.pod_original_eta_at,
    a.pod_ata_at,
    row.containers.map((c) => c.attributes.number).join('; '),
    statusSummary(row.containers),
    lfd ? localDateIn(lfd, a.pod_timezone) : '',
    holdCount(row.containers),
    fees(row),
    a.line_tracking_stopped_at,
  ]
    .map(csvCell)
    .join(',')
}

export const csvHeader = () => HEADER.map(csvCell).join(',')
