import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'

export type ShipmentListParams = { q?: string; page: number; size: number }

export const PAGE_SIZES = [10, 25, 50, 100] as const

/** Reads the list's state from the URL, so a shared link reproduces the view. */
export function listParamsFrom(search: URLSearchParams): ShipmentListParams {
  const page = Number(search.get('page') ?? 1)
  const size = Number(search.get('size') ?? 25)
  return {
    q: search.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
  }
}

export const shipmentQueries = {
  all: () => ['shipments'] as const,
  lists: () => [...shipmentQueries.all(), 'list'] as const,
  list: (params: ShipmentListParams) =>
    queryOptions({
      queryKey: [...shipmentQueries.lists(), params],
      queryFn: ({ signal }) =>
        api.get('/shipments', ShipmentListDocumentSchema, {
          include: ['containers'],
          params: { q: params.q, 'page[number]': params.page, 'page[size]': params.size },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...shipmentQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/shipments/${id}`, ShipmentDocumentSchema, {
          include: ['containers', 'port_of_lading', 'port_of_discharge', 'pod_terminal'],
          signal,
        }),
    }),
}
