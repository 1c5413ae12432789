import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { PortWithContainersListSchema } from '../../../contract/ports'
import { VESSEL_MAP_LIST } from '../../../contract/vessel-map-query'
import { VesselMapDocumentSchema } from '../../../contract/vessels'
import { api } from '../../api/api-client'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'
import { mapVessels } from './map-model'

export const MAP_FILTERS = Object.keys(VESSEL_MAP_LIST.filters)
export type MapParams = FilterValues

/** The chosen vessel only opens the panel; it does not narrow the map. */
export function mapParamsFrom(search: URLSearchParams): MapParams {
  const { vessel: _chosen, carrying: _always, ...filters } = filterValuesFrom(VESSEL_MAP_LIST, search)
  return filters
}

/** Quayside extensions on GET /v2/vessels. */
const apiParams = (params: MapParams) => apiFilters(VESSEL_MAP_LIST, { ...params, carrying: 'active' })

export const mapQueries = {
  all: () => ['vessels', 'map'] as const,
  /** Counts only, not the containers themselves. */
  vessels: (params: MapParams) =>
    queryOptions({
      queryKey: [...mapQueries.all(), params],
      queryFn: async ({ signal }) =>
        mapVessels(await api.get('/vessels', VesselMapDocumentSchema, { params: apiParams(params), signal })),
      placeholderData: keepPreviousData,
      // vessels report every 15 minutes
      refetchInterval: 5 * 60_000,
    }),
  /** Asked for when it is chosen. */
  aboard: (vesselId: string, params: MapParams) =>
    queryOptions({
      queryKey: [...mapQueries.all(), 'aboard', vesselId, params],
      queryFn: async ({ signal }) => {
        const document = await api.get('/vessels', VesselMapDocumentSchema, {
          include: ['containers', 'shipments'],
          params: apiParams({ ...params, vessel: vesselId }),
          signal,
        })
        // a server without filter[vessel_id] answers every vessel: pick the one asked for
        return mapVessels(document).find((vessel) => vessel.id === vesselId)?.containers ?? []
      },
    }),
  ports: () =>
    queryOptions({
      queryKey: [...mapQueries.all(), 'ports'],
      queryFn: ({ signal }) =>
        api.get('/ports', PortWithContainersListSchema, { params: { 'filter[holding]': 'waiting' }, signal }),
      refetchInterval: 5 * 60_000,
    }),
}
