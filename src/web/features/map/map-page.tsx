import './map.css'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { VESSEL_MAP_LIST } from '../../../contract/vessel-map-query'
import { VESSEL_MAP_STATES } from '../../../contract/vessels'
import { serviceNow } from '../../api/service-clock'
import { sessionQuery } from '../../api/session'
import { useTableUrlState } from '../../components/data-table/use-table-url-state'
import { FilterPanel } from '../../components/filters/filter-panel'
import { ForecastSlider } from './forecast-slider'
import { Legend, MapLayout, MapTitle } from './map-layout'
import { type SliderChoice, STATE_WORDS, sliderAt, sliderChoice, sliderSpan } from './map-model'
import { MAP_FILTERS, mapParamsFrom, mapQueries } from './map-queries'

const MAP_VIEW = { sortFields: [], filters: [...MAP_FILTERS, 'view'] } as const
const STATE_CHOICES = {
  state: VESSEL_MAP_STATES.map((state) => ({ value: state, label: STATE_WORDS[state] })),
}

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
  const start = Number.isFinite(now) ? now : serviceNow().getTime()
  const span = useMemo(() => sliderSpan(vessels ?? [], start), [vessels, start])
  const [chosenAt, setAt] = useState<SliderChoice>()
  const at = sliderAt(chosenAt, span)
  const selected = vessels?.find((v) => v.id === selectedId)
  const containers = vessels?.reduce((sum, v) => sum + v.aboardCount, 0) ?? 0

  return (
    <section aria-labelledby="map-title" className="map-page">
      <MapTitle search={search} view={view} />
      <FilterPanel
        list={VESSEL_MAP_LIST}
        values={params}
        supplied={STATE_CHOICES}
        onApply={(changes) => update({ ...changes, vessel: undefined })}
      />
      <p className="muted" aria-live="polite">
        {vessels
          ? `${vessels.length} vessels carrying ${containers} of your containers${query.isFetching ? ' (updating…)' : ''}`
          : query.error
            ? ''
            : 'Loading vessels…'}
      </p>
      <ForecastSlider
        start={span.start}
        end={span.end}
        at={at}
        onChange={(value) => setAt(sliderChoice(value, span))}
      />
      <MapLayout
        view={view}
        search={search}
        vessels={vessels}
        ports={ports}
        at={at}
        forecast={at > span.start}
        selected={selected}
        selectedId={selectedId}
        onSelect={select}
        query={query}
        tiles={tiles}
        params={params}
      />
      {view === 'map' ? <Legend /> : null}
    </section>
  )
}
