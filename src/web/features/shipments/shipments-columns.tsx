import { type ColumnDef, tableFeatures } from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import { holdCount, soonestLfd, statusWords } from '../../components/status/container-status'
import { Time } from '../../components/time/time'

export type ShipmentRow = { shipment: Shipment; containers: Container[] }

export const shipmentTableFeatures = tableFeatures({})

const etaChange = (shipment: Shipment) => {
  const { pod_eta_at: eta, pod_original_eta_at: original } = shipment.attributes
  if (!eta || !original) return undefined
  const hours = Math.round((Date.parse(eta) - Date.parse(original)) / 3_600_000)
  if (Math.abs(hours) < 12) return undefined
  const days = Math.round(hours / 24)
  return days === 0 ? undefined : `${days > 0 ? '+' : '−'}${Math.abs(days)} d vs original`
}

export const shipmentColumns: ColumnDef<typeof shipmentTableFeatures, ShipmentRow>[] = [
  {
    id: 'bill_of_lading',
    header: 'Bill of lading',
    cell: ({ row }) => (
      <>
        <span className="mono">{row.original.shipment.attributes.bill_of_lading_number ?? '—'}</span>
        <br />
        <span className="muted">
          {row.original.shipment.attributes.shipping_line_short_name ??
            row.original.shipment.attributes.shipping_line_scac}
        </span>
      </>
    ),
  },
  {
    id: 'route',
    header: 'Route',
    cell: ({ row }) => {
      const a = row.original.shipment.attributes
      return (
        <>
          {a.port_of_lading_name ?? a.port_of_lading_locode ?? '?'} <span aria-hidden="true">→</span>
          <span className="visually-hidden">to</span>{' '}
          {a.port_of_discharge_name ?? a.port_of_discharge_locode ?? '?'}
          {a.destination_name ? <span className="muted"> → {a.destination_name}</span> : null}
        </>
      )
    },
  },
  {
    id: 'vessel',
    header: 'Vessel / voyage',
    cell: ({ row }) => {
      const a = row.original.shipment.attributes
      return a.pod_vessel_name
        ? `${a.pod_vessel_name}${a.pod_voyage_number ? ` / ${a.pod_voyage_number}` : ''}`
        : '—'
    },
  },
  {
    id: 'eta',
    header: 'ETA at discharge',
    cell: ({ row }) => {
      const a = row.original.shipment.attributes
      const change = etaChange(row.original.shipment)
      return (
        <>
          {a.pod_ata_at ? 'Arrived ' : ''}
          <Time value={a.pod_ata_at ?? a.pod_eta_at} zone={a.pod_timezone} />
          {change && !a.pod_ata_at ? <div className="muted small">{change}</div> : null}
        </>
      )
    },
  },
  {
    id: 'containers',
    header: 'Containers',
    cell: ({ row }) =>
      row.original.containers.length === 0 ? (
        '—'
      ) : (
        <ul className="plain">
          {row.original.containers.map((container) => (
            <li key={container.id}>
              <Link to={`/containers/${container.id}`} className="mono">
                {container.attributes.number}
              </Link>{' '}
              <span className="muted small">{statusWords(container.attributes.current_status)}</span>
            </li>
          ))}
        </ul>
      ),
  },
  {
    id: 'lfd',
    header: 'Soonest LFD',
    cell: ({ row }) => (
      <Time
        value={soonestLfd(row.original.containers)}
        zone={row.original.shipment.attributes.pod_timezone}
      />
    ),
  },
  {
    id: 'holds',
    header: 'Holds',
    cell: ({ row }) => {
      const holds = holdCount(row.original.containers)
      return holds > 0 ? (
        <span className="badge badge-warning">⚠ {holds} on hold</span>
      ) : (
        <span className="muted">None</span>
      )
    },
  },
]
