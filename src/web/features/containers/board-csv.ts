import { isDone } from '../../../contract/container-board'
import { holdsLine } from '../../../contract/container-state'
import { returnZoneOf } from '../../../contract/detention'
import { csvRow } from '../../components/data-table/csv'
import { feeTotal } from '../../components/status/fees'
import { csvTime, localDateIn } from '../../components/time/format-time'
import type { BoardRow } from './board-rows'

export const BOARD_CSV_HEADER = [
  'Container',
  'Status',
  'Last free day (local date)',
  'Days left to last free day',
  'Holds',
  'Fees so far',
  'Currency',
  'If picked up today',
  'Each further day',
  'Tariff source',
  'Bill of lading',
  'Carrier SCAC',
  'Customer',
  'Tags',
  'Terminal',
  'Port of discharge',
  'Vessel',
  'Voyage',
  'ETA at discharge (port time)',
  'Arrived at discharge (port time)',
  'Pickup appointment (port time)',
  'Picked up (local time)',
  'Returned empty (local time)',
  'Return empty by (local date)',
  'Detention to date',
  'Detention each further day',
  'Detention tariff source',
]

const amount = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2))

export function boardCsvLine({ container, shipment, terminal, state, projection, detention }: BoardRow) {
  const a = container.attributes
  const s = shipment?.attributes
  const fees = feeTotal(container)
  const out = a.final_destination_full_out_at ?? a.pod_full_out_at
  return csvRow([
    a.number,
    state.headline,
    a.pickup_lfd ? localDateIn(a.pickup_lfd, state.lfdZone) : '',
    state.countdown?.days,
    holdsLine(a),
    amount(fees?.amount),
    fees?.currency ?? projection?.currency,
    amount(projection?.today),
    amount(projection?.perDay),
    projection?.source,
    s?.bill_of_lading_number,
    s?.shipping_line_scac,
    s?.customer_name,
    (s?.tags ?? []).join('; '),
    terminal?.attributes.name,
    s?.port_of_discharge_locode,
    s?.pod_vessel_name,
    s?.pod_voyage_number,
    s?.pod_ata_at ? '' : csvTime(s?.pod_eta_at, s?.pod_timezone),
    csvTime(s?.pod_ata_at, s?.pod_timezone),
    isDone(a) ? '' : csvTime(a.pickup_appointment_at, a.pod_timezone),
    csvTime(out, a.final_destination_timezone ?? a.pod_timezone),
    csvTime(a.empty_terminated_at, a.empty_terminated_timezone ?? a.pod_timezone),
    a.empty_return_deadline ? localDateIn(a.empty_return_deadline, returnZoneOf(a)) : '',
    amount(detention?.cost),
    detention?.returned ? '' : amount(detention?.perDay),
    detention?.source,
  ])
}
