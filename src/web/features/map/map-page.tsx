import './map.css'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { sessionQuery } from '../../api/session'
import { TableProblem } from '../../components/data-table/table-problem'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { ForecastSlider } from './forecast-slider'
import { MapFilters } from './map-filters'
import { STATE_COLOURS, STATE_WORDS, sliderSpan } from './map-model'
import { MAP_FILTERS, mapParamsFrom, mapQueries } from './map-queries'
import { PortCounts } from './port-counts'
import { VesselList } from './vessel-list'
import { VesselPanel } from './vessel-panel'

// Leaflet and the atlas load only when the map itself shows, not for the list
const VesselMap = lazy(async () => ({ default: (await import('./vessel-map')).VesselMap }))

function Legend() {
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

const MAP_VIEW = { sortFields: [], filters: [...MAP_FILTERS, 'vessel', 'view'] } as const

/** Where the vessels with the account's containers are, and where the forecast takes them. */
export function MapPage() {
  // the map keeps its view in the URL the way the tables do: filters, the chosen vessel, map or list
  const { search, update } = useTableUrlState(MAP_VIEW)
  const params = mapParamsFrom(search)
  const view = search.get('view') === 'list' ? 'list' : 'map'
  const selectedId = search.get('vessel') ?? undefined
  const query = useQuery(mapQueries.vessels(params))
  const tiles = useQuery(sessionQuery).data?.mapTiles
  const ports = useQuery(mapQueries.ports()).data?.data
  const vessels = query.data
  const select = useCallback((id: string | undefined) => update({ vessel: id }), [update])
  // "now" is the service's: the first point of every forecast
  const now = useMemo(
    () =>
      (vessels ?? []).reduce(
        (earliest, v) => Math.min(earliest, v.path[0]?.at ?? earliest),
        Number.POSITIVE_INFINITY,
      ),
    [vessels],
  )
  const start = Number.isFinite(now) ? now : Date.now()
  const span = useMemo(() => sliderSpan(vessels ?? [], start), [vessels, start])
  const [chosenAt, setAt] = useState<number>()
  const at = Math.min(span.end, Math.max(span.start, chosenAt ?? span.start))
  const selected = vessels?.find((v) => v.id === selectedId)
  const containers = vessels?.reduce((sum, v) => sum + v.aboardCount, 0) ?? 0

  return (
    <section aria-labelledby="map-title" className="map-page">
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
      <MapFilters params={params} onApply={(changes) => update({ ...changes, vessel: undefined })} />
      <p className="muted" aria-live="polite">
        {vessels
          ? `${vessels.length} vessels carrying ${containers} of your containers${query.isFetching ? ' (updating…)' : ''}`
          : query.error
            ? ''
            : 'Loading vessels…'}
      </p>
      <ForecastSlider start={span.start} end={span.end} at={at} onChange={setAt} />
      <div className={selected ? 'map-layout with-panel' : 'map-layout'}>
        {view === 'list' ? (
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
            forecast={at > span.start}
            onClose={() => select(undefined)}
          />
        ) : selectedId && vessels ? (
          <p className="banner banner-warning" role="status">
            That vessel is not carrying any of your containers now, or the filters leave it out.
          </p>
        ) : null}
      </div>
      {view === 'map' ? <Legend /> : null}
    </section>
  )
}

const withView = (search: URLSearchParams, view: 'map' | 'list') => {
  const next = new URLSearchParams(search)
  if (view === 'map') next.delete('view')
  else next.set('view', 'list')
  return `?${next}`
}
