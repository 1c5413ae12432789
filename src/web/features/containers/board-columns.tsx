import { Link } from 'react-router-dom'
import { isDone } from '../../../contract/container-board'
import type { DataColumn } from '../../components/data-table/data-table'
import { containerNumberColumn, holdsColumn, LastFreeDay } from '../../components/status/container-cells'
import { feeTotal, money } from '../../components/status/fees'
import { StateBadge } from '../../components/status/state-badge'
import { EmptyCountdown } from '../../components/time/empty-countdown'
import { LfdCountdown } from '../../components/time/lfd-countdown'
import { Time } from '../../components/time/time'
import type { BoardSortField } from './board-queries'
import type { BoardRow } from './board-rows'

export const boardColumns: DataColumn<BoardRow, BoardSortField>[] = [
  containerNumberColumn('number'),
  {
    id: 'status',
    header: 'Status',
    width: 12,
    cell: ({ state }) => <StateBadge state={state} />,
  },
  {
    id: 'lfd',
    header: 'Last free day / return by',
    width: 8,
    sortField: 'pickup_lfd',
    cell: ({ container, state, detention }) =>
      detention && !detention.returned ? (
        <EmptyCountdown a={container.attributes} />
      ) : state.countdown ? (
        <LfdCountdown lfd={container.attributes.pickup_lfd} zone={state.lfdZone} />
      ) : (
        <LastFreeDay lfd={container.attributes.pickup_lfd} zone={state.lfdZone} muted />
      ),
  },
  holdsColumn(),
  {
    id: 'fees',
    header: 'Fees so far',
    width: 8,
    cell: ({ container, projection, detention }) => {
      const total = feeTotal(container)
      return (
        <>
          {total ? money(total.amount, total.currency) : <span className="muted">None</span>}
          {detention && !detention.returned ? (
            <div className="small">
              {detention.days > 0
                ? `Detention ${money(detention.cost, detention.currency)} so far, +${money(detention.perDay, detention.currency)} a day`
                : `Detention after the deadline: ${money(detention.perDay, detention.currency)} a day`}
            </div>
          ) : null}
          {projection ? (
            <div className="small">
              {projection.overdue ? '+' : 'then '}
              {money(projection.perDay, projection.currency)} a day
            </div>
          ) : null}
        </>
      )
    },
  },
  {
    id: 'shipment',
    header: 'Shipment and customer',
    width: 10,
    cell: ({ shipment }) =>
      shipment ? (
        <>
          <Link to={`/shipments/${shipment.id}`} className="mono">
            {shipment.attributes.bill_of_lading_number ?? 'Shipment'}
          </Link>
          <div className="small muted">{shipment.attributes.customer_name ?? 'No customer'}</div>
        </>
      ) : (
        <span className="muted">—</span>
      ),
  },
  {
    id: 'terminal',
    header: 'Terminal',
    width: 9,
    phone: 'hide',
    cell: ({ terminal, shipment }) =>
      terminal?.attributes.name ??
      shipment?.attributes.port_of_discharge_name ?? <span className="muted">—</span>,
  },
  {
    id: 'vessel',
    header: 'Vessel and ETA',
    width: 10,
    sortField: 'pod_eta_at',
    phone: 'hide',
    cell: ({ shipment }) => {
      const a = shipment?.attributes
      if (!a) return <span className="muted">—</span>
      return (
        <>
          {a.pod_vessel_name ?? '—'}
          <div className="small">
            {a.pod_ata_at ? 'Arrived ' : 'ETA '}
            <Time value={a.pod_ata_at ?? a.pod_eta_at} zone={a.pod_timezone} />
          </div>
        </>
      )
    },
  },
  {
    id: 'appointment',
    header: 'Pickup appointment',
    width: 8,
    phone: 'hide',
    cell: ({ container }) =>
      isDone(container.attributes) ? (
        <span className="muted">—</span>
      ) : (
        <Time
          value={container.attributes.pickup_appointment_at}
          zone={container.attributes.pod_timezone}
          fallback="None"
        />
      ),
  },
]
