import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { TableProblem } from '../../components/data-table/table-problem'
import { Time } from '../../components/time/time'
import { type MapVessel, placeAt, stateWords } from './map-model'
import { type MapParams, mapQueries } from './map-queries'

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`
export const positionWords = (lat: number, lon: number) =>
  `${degrees(lat, 'N', 'S')}, ${degrees(lon, 'E', 'W')}`

/** The map's own answer carries only counts. */
function Aboard({ vessel, params }: { vessel: MapVessel; params: MapParams }) {
  const query = useQuery(mapQueries.aboard(vessel.id, params))
  const containers = query.data
  return (
    <>
      <h3>Containers aboard ({vessel.aboardCount})</h3>
      {query.error ? (
        <TableProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : !containers ? (
        <p className="muted" aria-busy="true">
          Loading the containers aboard…
        </p>
      ) : containers.length === 0 ? (
        <p className="muted">This server did not say which containers are aboard.</p>
      ) : (
        <ul className="aboard-list">
          {containers.map((container) => (
            <li key={container.id}>
              <Link to={`/containers/${container.id}`}>{container.number}</Link>
              {container.shipmentId ? (
                <>
                  {' '}
                  <span className="muted">on </span>
                  <Link to={`/shipments/${container.shipmentId}`}>
                    {container.billOfLading ?? 'its shipment'}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** In the port's time (the viewer's on hover), with the range its arrival may fall in. */
function NextPortCall({ vessel }: { vessel: MapVessel }) {
  const call = vessel.nextCall
  const end = vessel.nextPort
  const eta = call?.eta ?? { likely: vessel.arrivesAt, ...vessel.eta }
  const zone = call?.zone ?? end?.zone
  const where = call ?? (end && { ...end, discharging: vessel.toPod })
  return (
    <>
      <dt>Next port</dt>
      <dd>
        {where
          ? `${where.name} (${where.locode})${where.discharging ? ', port of discharge' : ', port call'}`
          : '—'}
      </dd>
      <dt>ETA</dt>
      <dd>
        <Time value={eta.likely ?? vessel.arrivesAt} zone={zone} />
        {eta.earliest && eta.latest && eta.earliest !== eta.latest ? (
          <>
            <br />
            <span className="muted">
              between <Time value={eta.earliest} zone={zone} /> and <Time value={eta.latest} zone={zone} />
            </span>
          </>
        ) : null}
      </dd>
      {call && end && call.locode !== end.locode ? (
        <>
          <dt>Then</dt>
          <dd>{`${end.name} (${end.locode})${vessel.toPod ? ', port of discharge' : ', transshipment'}`}</dd>
        </>
      ) : null}
    </>
  )
}

export function VesselPanel({
  vessel,
  params,
  at,
  forecast,
  onClose,
}: {
  vessel: MapVessel
  params: MapParams
  at: number
  /** Whether `at` is ahead of now, on the slider. */
  forecast: boolean
  onClose: () => void
}) {
  const placed = placeAt(vessel, at)
  const port = vessel.nextPort
  return (
    <aside className="vessel-panel" aria-labelledby="vessel-panel-title">
      <div className="title-bar">
        <h2 id="vessel-panel-title">{vessel.name}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="facts">
        <dt>IMO</dt>
        <dd>{vessel.imo ?? '—'}</dd>
        <dt>Voyage</dt>
        <dd>{vessel.voyage ?? '—'}</dd>
        <dt>State</dt>
        <dd>{placed.arrived ? `Arrived at ${port?.name ?? 'its port'}` : stateWords(vessel.state)}</dd>
        <dt>Position</dt>
        <dd>
          {positionWords(placed.lat, placed.lon)}
          {forecast ? ' (forecast)' : null}
        </dd>
        <NextPortCall vessel={vessel} />
      </dl>
      <Aboard vessel={vessel} params={params} />
    </aside>
  )
}
