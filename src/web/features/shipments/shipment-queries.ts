import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { SHIPMENT_LIST } from '../../../contract/shipment-list-query'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'

/** A Quayside extension. */
type CustomSortField = `custom_fields.${string}`
export type SortField = (typeof SHIPMENT_LIST.sorts)[number] | CustomSortField
type Sort = { field: SortField; descending: boolean }
const CUSTOM_SORT = /^-?(custom_fields\.[a-z][a-z0-9_]{0,62})$/
/** A custom field's filter in the dashboard's URL: `cf.<api_slug>=<value>`. */
export const CUSTOM_FILTER_PREFIX = 'cf.'

export type ShipmentListParams = {
  filters: FilterValues
  /** Custom field filters by api slug, as `filter[custom_fields.<slug>]` takes them. */
  fields?: Record<string, string>
  sort?: Sort
  page: number
  size: number
  /** Only when a column shows them. */
  withFields?: boolean
}

export const SHIPMENT_VIEW = {
  sortFields: SHIPMENT_LIST.sorts,
  filters: Object.keys(SHIPMENT_LIST.filters),
  page: SHIPMENT_LIST.page,
}

/** So a shared link reproduces the view. */
export function listParamsFrom(search: URLSearchParams): ShipmentListParams {
  const { sort: knownSort, page, size } = readTableState(search, SHIPMENT_VIEW)
  const custom = CUSTOM_SORT.exec(search.get('sort') ?? '')
  const sort =
    knownSort ??
    (custom ? { field: custom[1] as CustomSortField, descending: custom[0].startsWith('-') } : undefined)
  const fields = Object.fromEntries(
    [...search.entries()]
      .filter(([key, value]) => key.startsWith(CUSTOM_FILTER_PREFIX) && value.trim() !== '')
      .map(([key, value]) => [key.slice(CUSTOM_FILTER_PREFIX.length), value.trim()]),
  )
  return {
    filters: filterValuesFrom(SHIPMENT_LIST, search),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    sort,
    page,
    size,
  }
}

const apiParams = (params: ShipmentListParams) => ({
  ...apiFilters(SHIPMENT_LIST, params.filters),
  ...Object.fromEntries(
    Object.entries(params.fields ?? {}).map(([slug, value]) => [`filter[custom_fields.${slug}]`, value]),
  ),
  sort: params.sort ? `${params.sort.descending ? '-' : ''}${params.sort.field}` : undefined,
  'page[number]': params.page,
  'page[size]': params.size,
})

const LIST_INCLUDE = ['containers']

export const shipmentQueries = {
  all: () => ['shipments'] as const,
  lists: () => [...shipmentQueries.all(), 'list'] as const,
  list: (params: ShipmentListParams) =>
    queryOptions({
      queryKey: [...shipmentQueries.lists(), params],
      queryFn: ({ signal }) =>
        api.get('/shipments', ShipmentListDocumentSchema, {
          include: params.withFields ? [...LIST_INCLUDE, 'custom_fields'] : LIST_INCLUDE,
          params: apiParams(params),
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** Never shown, so it is not kept. */
  exportPage: (params: ShipmentListParams) =>
    queryOptions({
      queryKey: [...shipmentQueries.all(), 'export', params],
      queryFn: ({ signal }) =>
        api.get('/shipments', ShipmentListDocumentSchema, {
          include: LIST_INCLUDE,
          params: apiParams(params),
          signal,
        }),
      staleTime: 0,
      gcTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...shipmentQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/shipments/${id}`, ShipmentDocumentSchema, {
          include: [
            'containers',
            'port_of_lading',
            'port_of_discharge',
            'pod_terminal',
            'destination',
            'destination_terminal',
            'customer',
          ],
          signal,
        }),
    }),
}
