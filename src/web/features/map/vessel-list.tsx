import { useMemo } from 'react'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { type MapVessel, placeAt, stateWords } from './map-model'
import { positionWords } from './vessel-panel'

type Row = { vessel: MapVessel; lat: number; lon: number; arrived: boolean }

/** The same vessels as the map, for a keyboard. */
export function VesselList({
  vessels,
  at,
  error,
  onRetry,
  onSelect,
}: {
  vessels: MapVessel[] | undefined
  at: number
  error: unknown
  onRetry: () => void
  onSelect: (id: string) => void
}) {
  const rows = useMemo(() => vessels?.map((vessel) => ({ vessel, ...placeAt(vessel, at) })), [vessels, at])
  const columns = useMemo(
    (): DataColumn<Row>[] => [
      {
        id: 'name',
        header: 'Vessel',
        width: 13,
        phone: 'title',
        cell: ({ vessel }) => (
          <button type="button" className="link-button" onClick={() => onSelect(vessel.id)}>
            {vessel.name}
          </button>
        ),
      },
      {
        id: 'state',
        header: 'State',
        width: 8,
        cell: ({ vessel, arrived }) => (arrived ? 'Arrived' : stateWords(vessel.state)),
      },
      { id: 'position', header: 'Position', width: 10, cell: ({ lat, lon }) => positionWords(lat, lon) },
      {
        id: 'next',
        header: 'Next port',
        width: 11,
        cell: ({ vessel }) => (vessel.nextPort ? `${vessel.nextPort.name} (${vessel.nextPort.locode})` : '—'),
      },
      {
        id: 'eta',
        header: 'ETA',
        width: 10,
        cell: ({ vessel }) => (
          <Time value={vessel.eta?.likely ?? vessel.arrivesAt} zone={vessel.nextPort?.zone} />
        ),
      },
      { id: 'aboard', header: 'Aboard', width: 5, cell: ({ vessel }) => vessel.aboardCount },
    ],
    [onSelect],
  )
  return (
    <DataTable
      label="Vessels carrying your containers"
      columns={columns}
      rows={rows}
      rowId={(row) => row.vessel.id}
      error={error}
      onRetry={onRetry}
      empty={{
        title: 'No vessel is carrying your containers right now',
        hint: 'Containers show here while they are at sea. Try removing a filter.',
      }}
    />
  )
}
