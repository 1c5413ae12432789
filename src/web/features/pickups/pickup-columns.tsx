import { APPOINTMENT_LABELS, type AppointmentKind } from '../../../contract/appointments'
import type { DataColumn } from '../../components/data-table/data-table'
import { containerNumberColumn, holdsColumn, LastFreeDay } from '../../components/status/container-cells'
import { StateBadge } from '../../components/status/state-badge'
import { Time } from '../../components/time/time'
import type { PickupRow } from './pickup-rows'

export const pickupColumns: DataColumn<PickupRow, 'appointment'>[] = [
  containerNumberColumn(),
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
  holdsColumn(),
  {
    id: 'lfd',
    header: 'Last free day',
    width: 8,
    cell: ({ container, state }) => (
      <LastFreeDay lfd={container.attributes.pickup_lfd} zone={state.lfdZone} />
    ),
  },
  {
    id: 'terminal',
    header: 'Terminal',
    width: 9,
    cell: ({ terminalName }) => terminalName ?? <span className="muted">—</span>,
  },
]
