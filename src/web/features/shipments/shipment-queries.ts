import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'

export const PAGE_SIZES = [10, 25, 50, 100] as const
const SORT_FIELDS = [
  'created_at',
  'bill_of_lading_number',
  'port_of_lading_name',
  'pod_vessel_name',
  'pod_eta_at',
] as const
export type SortField = (typeof SORT_FIELDS)[number]
type Sort = { field: SortField; descending: boolean }

type ShipmentFilters = {
  q?: string
  carrier?: string
  pol?: string
  pod?: string
  stopped?: boolean
  customer?: string
  tag?: string
}
export type ShipmentListParams = ShipmentFilters & { sort?: Sort; page: number; size: number }

const text = (search: URLSearchParams, name: string) => search.get(name)?.trim() || undefined
const code = (search: URLSearchParams, name: string) => text(search, name)?.toUpperCase()

/** Reads the list's state from the URL, so a shared link reproduces the view. */
export function listParamsFrom(search: URLSearchParams): ShipmentListParams {
  const page = Number(search.get('page') ?? 1)
  const size = Number(search.get('size') ?? 25)
  const stopped = search.get('stopped')
  const sort = search.get('sort') ?? ''
  const sortField = sort.replace(/^-/, '') as SortField
  return {
    q: text(search, 'q'),
    carrier: code(search, 'carrier'),
    pol: code(search, 'pol'),
    pod: code(search, 'pod'),
    stopped: stopped === 'true' ? true : stopped === 'false' ? false : undefined,
    customer: text(search, 'customer'),
    tag: text(search, 'tag'),
    sort: SORT_FIELDS.includes(sortField)
      ? { field: sortField, descending: sort.startsWith('-') }
      : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
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
          include: LIST_INCLUDE,
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
