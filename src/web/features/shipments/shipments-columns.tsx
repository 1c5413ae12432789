import { type ColumnDef, tableFeatures } from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import { holdCount, soonestLfd, statusSummary, statusWords } from '../../components/status/container-status'
import { etaChange } from '../../components/time/eta-change'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { Time } from '../../components/time/time'
import type { SortField } from './shipment-queries'

export type ShipmentRow = { shipment: Shipment; containers: Container[] }

export const shipmentTableFeatures = tableFeatures({})

/** `width` in rem: the table's layout is fixed, so columns keep their place while rows load. */
type Meta = { label: string; width: number; sortField?: SortField; hiddenByDefault?: boolean }
type Column = ColumnDef<typeof shipmentTableFeatures, ShipmentRow> & { id: string; meta: Meta }

const MAX_LISTED = 4

export const shipmentColumns: Column[] = [
  {
    id: 'bill_of_lading',
    meta: { label: 'Bill of lading', width: 10, sortField: 'bill_of_lading_number' },
    header: 'Bill of lading',
    cell: ({ row }) => {
      const a = row.original.shipment.attributes
      return (
        <>
          <Link to={`/shipments/${row.original.shipment.id}`} className="mono">
            {a.bill_of_lading_number ?? 'Shipment'}
          </Link>
          <br />
          <span className="muted">
            {a.shipping_line_short_name ?? a.shipping_line_name ?? a.shipping_line_scac}
          </span>
        </>
      )
    },
  },
  {
    id: 'route',
    meta: { label: 'Route', width: 14, sortField: 'port_of_lading_name' },
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
    meta: { label: 'Vessel / voyage', width: 12, sortField: 'pod_vessel_name' },
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
    meta: { label: 'ETA at discharge', width: 12, sortField: 'pod_eta_at' },
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
    meta: { label: 'Containers', width: 13 },
    header: 'Containers',
    cell: ({ row }) => {
      const { containers } = row.original
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
    meta: { label: 'Soonest LFD', width: 9 },
    header: 'Soonest LFD',
    cell: ({ row }) => (
      <LfdCountdown
        lfd={soonestLfd(row.original.containers)}
        zone={row.original.shipment.attributes.pod_timezone}
      />
    ),
  },
  {
    id: 'holds',
    meta: { label: 'Holds', width: 7 },
    header: 'Holds',
    cell: ({ row }) => {
      const holds = holdCount(row.original.containers)
      return holds > 0 ? (
        <span className="badge badge-warning">
          <span aria-hidden="true">⚠ </span>
          {holds} on hold
        </span>
      ) : (
        <span className="muted">None</span>
      )
    },
  },
  {
    id: 'customer',
    meta: { label: 'Customer', width: 11, hiddenByDefault: true },
    header: 'Customer',
    cell: ({ row }) => row.original.shipment.attributes.customer_name ?? '—',
  },
  {
    id: 'tags',
    meta: { label: 'Tags', width: 9, hiddenByDefault: true },
    header: 'Tags',
    cell: ({ row }) => (row.original.shipment.attributes.tags ?? []).join(', ') || '—',
  },
  {
    id: 'created',
    meta: { label: 'Tracked since', width: 11, sortField: 'created_at', hiddenByDefault: true },
    header: 'Tracked since',
    cell: ({ row }) => <Time value={row.original.shipment.attributes.created_at} />,
  },
]

export const COLUMN_IDS = shipmentColumns.map((c) => c.id)
export const HIDDEN_BY_DEFAULT = shipmentColumns.filter((c) => c.meta.hiddenByDefault).map((c) => c.id)
