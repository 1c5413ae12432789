import { Link } from 'react-router-dom'
import { APPOINTMENT_LABELS, type AppointmentKind } from '../../../contract/appointments'
import { holdWords } from '../../../contract/container-state'
import type { DataColumn } from '../../components/data-table/data-table'
import { StateBadge } from '../../components/status/state-badge'
import { LocalDate, Time } from '../../components/time/time'
import type { PickupRow } from './pickup-rows'

export const pickupColumns: DataColumn<PickupRow, 'appointment'>[] = [
  {
    id: 'container',
    header: 'Container',
    width: 8,
    phone: 'title',
    cell: ({ container }) => (
      <Link to={`/containers/${container.id}`} className="mono">
        {container.attributes.number}
      </Link>
    ),
  },
  {
    id: 'appointment',
    header: 'Appointment',
    width: 11,
    sortField: 'appointment',
    cell: ({ container, zone, day }) => (
      <>
        {APPOINTMENT_LABELS[container.attributes.next_appointment_kind as AppointmentKind] ?? 'Appointment'},{' '}
        {day}
        <br />
        <Time value={container.attributes.next_appointment_at} zone={zone} />
      </>
    ),
  },
  {
    id: 'state',
    header: 'State',
    width: 11,
    cell: ({ state }) => <StateBadge state={state} />,
  },
  {
    id: 'trucker',
    header: 'Trucker',
    width: 9,
    cell: ({ truckerName }) => truckerName ?? <span className="muted">None yet</span>,
  },
  {
    id: 'holds',
    header: 'Holds',
    width: 8,
    cell: ({ container }) => {
      const holds = container.attributes.holds_at_pod_terminal ?? []
      return holds.length === 0 ? <span className="muted">None</span> : holds.map(holdWords).join(', ')
    },
  },
  {
    id: 'lfd',
    header: 'Last free day',
    width: 8,
    cell: ({ container, state }) =>
      container.attributes.pickup_lfd ? (
        <LocalDate value={container.attributes.pickup_lfd} zone={state.lfdZone} />
      ) : (
        <span className="muted">—</span>
      ),
  },
  {
    id: 'terminal',
    header: 'Terminal',
    width: 9,
    cell: ({ terminalName }) => terminalName ?? <span className="muted">—</span>,
  },
]
