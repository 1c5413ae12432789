import type { UseQueryResult } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { TableProblem } from '../../components/data-table/table-problem'
import { type MapVessel, STATE_COLOURS, STATE_WORDS } from './map-model'
import type { MapParams } from './map-queries'
import { PortCounts } from './port-counts'
import { VesselList } from './vessel-list'
import { VesselPanel } from './vessel-panel'

// Leaflet and the atlas load only when the map itself shows, not for the list
const VesselMap = lazy(async () => ({ default: (await import('./vessel-map')).VesselMap }))

export function Legend() {
  return (
    <ul className="map-legend" aria-label="Legend">
      {Object.entries(STATE_WORDS).map(([state, words]) => (
        <li key={state}>
          <span
            className={`legend-mark legend-${state}`}
            style={{ color: STATE_COLOURS[state] }}
            aria-hidden="true"
          >
            {state === 'on_hold' ? '▲■' : '▲'}
          </span>
          {words}
        </li>
      ))}
      <li>
        <span className="legend-mark legend-port" aria-hidden="true">
          ○
        </span>
        Port with containers waiting (click for counts)
      </li>
      <li>
        <span className="legend-mark" style={{ color: STATE_COLOURS.arrived }} aria-hidden="true">
          ◉
        </span>
        Arrived (forecast)
      </li>
    </ul>
  )
}

export function MapTitle({ search, view }: { search: URLSearchParams; view: 'map' | 'list' }) {
  return (
    <div className="title-bar">
      <h1 id="map-title">Vessel map</h1>
      <nav aria-label="Map or list" className="view-switch">
        <Link to={{ search: withView(search, 'map') }} aria-current={view === 'map' ? 'page' : undefined}>
          Map
        </Link>
        <Link to={{ search: withView(search, 'list') }} aria-current={view === 'list' ? 'page' : undefined}>
          List
        </Link>
      </nav>
    </div>
  )
}

type Ports = Parameters<typeof PortCounts>[0]['port'][]

/** The map as a list a keyboard can use. */
function MapList({
  vessels,
  ports,
  at,
  query,
  onSelect: select,
}: {
  vessels: MapVessel[] | undefined
  ports: Ports | undefined
  at: number
  query: Pick<UseQueryResult, 'error' | 'refetch'>
  onSelect: (id: string | undefined) => void
}) {
  return (
    <div className="map-list">
      <VesselList
        vessels={vessels}
        at={at}
        error={query.error}
        onRetry={() => void query.refetch()}
        onSelect={select}
      />
      {ports && ports.length > 0 ? (
        <section aria-labelledby="ports-title">
          <h2 id="ports-title">Ports with your containers waiting</h2>
          <ul className="port-list">
            {ports.map((port) => (
              <li key={port.id}>
                <PortCounts port={port} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

export function MapLayout({
  view,
  search,
  vessels,
  ports,
  at,
  forecast,
  selected,
  selectedId,
  onSelect: select,
  query,
  tiles,
  params,
}: {
  view: 'map' | 'list'
  search: URLSearchParams
  vessels: MapVessel[] | undefined
  ports: Ports | undefined
  at: number
  forecast: boolean
  selected: MapVessel | undefined
  selectedId: string | undefined
  onSelect: (id: string | undefined) => void
  query: Pick<UseQueryResult, 'error' | 'refetch'>
  tiles: Parameters<typeof VesselMap>[0]['tiles']
  params: MapParams
}) {
  return (
    <div className={selected ? 'map-layout with-panel' : 'map-layout'}>
      {view === 'list' ? (
        <MapList vessels={vessels} ports={ports} at={at} query={query} onSelect={select} />
      ) : query.error && !vessels ? (
        <TableProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="map-frame">
          <Suspense fallback={<p className="muted">Loading the map…</p>}>
            <VesselMap
              vessels={vessels ?? []}
              ports={ports}
              at={at}
              selected={selected}
              onSelect={select}
              tiles={tiles}
            />
          </Suspense>
          <p className="muted map-keyboard-hint">
            The map is also a{' '}
            <Link to={{ search: withView(search, 'list') }}>list you can use by keyboard</Link>.
          </p>
        </div>
      )}
      {selected ? (
        <VesselPanel
          params={params}
          vessel={selected}
          at={at}
          forecast={forecast}
          onClose={() => select(undefined)}
        />
      ) : selectedId && vessels ? (
        <p className="banner banner-warning" role="status">
          That vessel is not carrying any of your containers now, or the filters leave it out.
        </p>
      ) : null}
    </div>
  )
}

const withView = (search: URLSearchParams, view: 'map' | 'list') => {
  const next = new URLSearchParams(search)
  if (view === 'map') next.delete('view')
  else next.set('view', 'list')
  return `?${next}`
}
