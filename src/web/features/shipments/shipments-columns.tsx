import { Link } from 'react-router-dom'
import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import type { DataColumn } from '../../components/data-table/data-table'
import {
  containersOnHold,
  soonestLfd,
  statusSummary,
  statusWords,
} from '../../components/status/container-status'
import { etaChange } from '../../components/time/eta-change'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { Time } from '../../components/time/time'
import type { SearchMatch } from './search-match'
import type { SortField } from './shipment-queries'

export type ShipmentRow = {
  shipment: Shipment
  containers: Container[]
  fields?: Record<string, unknown>
  fieldWords?: Record<string, string>
  matched?: SearchMatch
}

type Column = DataColumn<ShipmentRow, SortField> & { hiddenByDefault?: boolean }

const MAX_LISTED = 4

export const shipmentColumns: Column[] = [
  {
    id: 'bill_of_lading',
    header: 'Bill of lading',
    width: 10,
    sortField: 'bill_of_lading_number',
    phone: 'title',
    cell: (row) => {
      const a = row.shipment.attributes
      return (
        <>
          <Link to={`/shipments/${row.shipment.id}`} className="mono">
            {a.bill_of_lading_number ?? 'Shipment'}
          </Link>
          <br />
          <span className="muted">
            {a.shipping_line_short_name ?? a.shipping_line_name ?? a.shipping_line_scac}
          </span>
          {row.matched ? (
            <>
              <br />
              <span className="muted search-match">
                Matched {row.matched.on}: <mark>{row.matched.text}</mark>
              </span>
            </>
          ) : null}
        </>
      )
    },
  },
  {
    id: 'route',
    header: 'Route',
    width: 14,
    sortField: 'port_of_lading_name',
    cell: (row) => {
      const a = row.shipment.attributes
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
    width: 12,
    sortField: 'pod_vessel_name',
    cell: (row) => {
      const a = row.shipment.attributes
      return a.pod_vessel_name
        ? `${a.pod_vessel_name}${a.pod_voyage_number ? ` / ${a.pod_voyage_number}` : ''}`
        : '—'
    },
  },
  {
    id: 'eta',
    header: 'ETA at discharge',
    width: 12,
    sortField: 'pod_eta_at',
    cell: (row) => {
      const a = row.shipment.attributes
      const change = etaChange(row.shipment)
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
    width: 13,
    cell: (row) => {
      const { containers } = row
      if (containers.length === 0) return '—'
      return (
        <>
          <div className="small">{statusSummary(containers)}</div>
          <ul className="plain">
            {containers.slice(0, MAX_LISTED).map((container) => (
              <li key={container.id}>
                <Link
                  to={`/containers/${container.id}`}
                  className="mono"
                  aria-label={`${container.attributes.number}, ${statusWords(container.attributes.current_status)}`}
                >
                  {container.attributes.number}
                </Link>
              </li>
            ))}
          </ul>
          {containers.length > MAX_LISTED ? (
            <span className="muted small">and {containers.length - MAX_LISTED} more</span>
          ) : null}
        </>
      )
    },
  },
  {
    id: 'lfd',
    header: 'Soonest LFD',
    width: 9,
    cell: (row) => (
      <LfdCountdown lfd={soonestLfd(row.containers)?.lfd} zone={soonestLfd(row.containers)?.zone} />
    ),
  },
  {
    id: 'holds',
    header: 'Holds',
    width: 7,
    cell: (row) => {
      const held = containersOnHold(row.containers)
      return held > 0 ? (
        <span className="badge badge-warning">
          <span aria-hidden="true">⚠ </span>
          {held} on hold
          <span className="visually-hidden"> of {row.containers.length} containers</span>
        </span>
      ) : (
        <span className="muted">None</span>
      )
    },
  },
  {
    id: 'customer',
    header: 'Customer',
    width: 11,
    hiddenByDefault: true,
    cell: (row) => row.shipment.attributes.customer_name ?? '—',
  },
  {
    id: 'tags',
    header: 'Tags',
    width: 9,
    hiddenByDefault: true,
    cell: (row) => (row.shipment.attributes.tags ?? []).join(', ') || '—',
  },
  {
    id: 'created',
    header: 'Tracked since',
    width: 11,
    sortField: 'created_at',
    hiddenByDefault: true,
    cell: (row) => <Time value={row.shipment.attributes.created_at} />,
  },
]

export const COLUMN_IDS = shipmentColumns.map((c) => c.id)
export const HIDDEN_BY_DEFAULT = shipmentColumns.filter((c) => c.hiddenByDefault).map((c) => c.id)
