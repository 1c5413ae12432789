import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { PortWithContainersListSchema } from '../../../contract/ports'
import { VESSEL_MAP_STATES, VesselMapDocumentSchema, type VesselMapState } from '../../../contract/vessels'
import { api } from '../../api/api-client'
import { mapVessels } from './map-model'

/** The map's view in the URL: the board's filters, the selected vessel and map or list. */
export const MAP_FILTERS = ['carrier', 'customer', 'tag', 'pod', 'state'] as const
type MapFilterName = (typeof MAP_FILTERS)[number]
export type MapParams = Partial<Record<MapFilterName, string>>

export function mapParamsFrom(search: URLSearchParams): MapParams {
  const params: MapParams = {}
  for (const name of MAP_FILTERS) {
    const value = search.get(name)?.trim()
    if (value) params[name] = value
  }
  if (params.state && !VESSEL_MAP_STATES.includes(params.state as VesselMapState)) delete params.state
  if (params.carrier) params.carrier = params.carrier.toUpperCase()
  if (params.pod) params.pod = params.pod.toUpperCase()
  return params
}

/** The service's own names for the map's filters (Quayside extensions on GET /v2/vessels). */
const apiParams = (params: MapParams) => ({
  'filter[carrying]': 'active',
  'filter[shipping_line_scac]': params.carrier,
  'filter[customer_id]': params.customer,
  'filter[tags]': params.tag,
  'filter[pod]': params.pod,
  'filter[state]': params.state,
})

export const mapQueries = {
  all: () => ['vessels', 'map'] as const,
  /** Every vessel carrying the account's containers now, with counts but not the containers themselves. */
  vessels: (params: MapParams) =>
    queryOptions({
      queryKey: [...mapQueries.all(), params],
      queryFn: async ({ signal }) =>
        mapVessels(await api.get('/vessels', VesselMapDocumentSchema, { params: apiParams(params), signal })),
      placeholderData: keepPreviousData,
      // vessels report every 15 minutes
      refetchInterval: 5 * 60_000,
    }),
  /** The containers and shipments aboard one vessel, asked for when it is chosen. */
  aboard: (vesselId: string, params: MapParams) =>
    queryOptions({
      queryKey: [...mapQueries.all(), 'aboard', vesselId, params],
      queryFn: async ({ signal }) => {
        const document = await api.get('/vessels', VesselMapDocumentSchema, {
          include: ['containers', 'shipments'],
          params: { ...apiParams(params), 'filter[vessel_id]': vesselId },
          signal,
        })
        // a server without filter[vessel_id] answers every vessel: pick the one asked for
        return mapVessels(document).find((vessel) => vessel.id === vesselId)?.containers ?? []
      },
    }),
  /** Ports where the account's containers wait, with counts the board would show. */
  ports: () =>
    queryOptions({
      queryKey: [...mapQueries.all(), 'ports'],
      queryFn: ({ signal }) =>
        api.get('/ports', PortWithContainersListSchema, { params: { 'filter[holding]': 'waiting' }, signal }),
      refetchInterval: 5 * 60_000,
    }),
}
