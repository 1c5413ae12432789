import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'

const SORT_FIELDS = [
  'created_at',
  'bill_of_lading_number',
  'port_of_lading_name',
  'pod_vessel_name',
  'pod_eta_at',
] as const
/** A custom field's sort, `custom_fields.<api_slug>` (a Quayside extension). */
type CustomSortField = `custom_fields.${string}`
export type SortField = (typeof SORT_FIELDS)[number] | CustomSortField
type Sort = { field: SortField; descending: boolean }
const CUSTOM_SORT = /^-?(custom_fields\.[a-z][a-z0-9_]{0,62})$/
/** A custom field's filter in the dashboard's URL: `cf.<api_slug>=<value>`. */
export const CUSTOM_FILTER_PREFIX = 'cf.'

type ShipmentFilters = {
  q?: string
  carrier?: string
  pol?: string
  pod?: string
  stopped?: boolean
  customer?: string
  tag?: string
  /** Custom field filters by api slug, as `filter[custom_fields.<slug>]` takes them. */
  fields?: Record<string, string>
}
export type ShipmentListParams = ShipmentFilters & {
  sort?: Sort
  page: number
  size: number
  /** Ask for each shipment's custom field values: only when a column shows them. */
  withFields?: boolean
}

/** The list's view in the URL: search, filters, sort, page and size. */
export const SHIPMENT_VIEW = {
  sortFields: SORT_FIELDS,
  filters: ['q', 'carrier', 'pol', 'pod', 'stopped', 'customer', 'tag'] as const,
}

/** Reads the list's state from the URL, so a shared link reproduces the view. */
export function listParamsFrom(search: URLSearchParams): ShipmentListParams {
  const { filters, sort: knownSort, page, size } = readTableState(search, SHIPMENT_VIEW)
  const stopped = filters.stopped
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
    q: filters.q,
    carrier: filters.carrier?.toUpperCase(),
    pol: filters.pol?.toUpperCase(),
    pod: filters.pod?.toUpperCase(),
    stopped: stopped === 'true' ? true : stopped === 'false' ? false : undefined,
    customer: filters.customer,
    tag: filters.tag,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    sort,
    page,
    size,
  }
}

/** The service's own names for the list's state. */
const apiParams = (params: ShipmentListParams) => ({
  q: params.q,
  'filter[shipping_line_scac]': params.carrier,
  'filter[port_of_lading_locode]': params.pol,
  'filter[port_of_discharge_locode]': params.pod,
  'filter[tracking_stopped]': params.stopped,
  'filter[customer_id]': params.customer,
  'filter[tags]': params.tag,
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
  /** One page of an export: fetched fresh, never shown, so it is not kept. */
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
