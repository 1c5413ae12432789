import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { TRACKING_REQUEST_LIST } from '../../../contract/tracking-request-list-query'
import {
  InferNumberDocumentSchema,
  type TrackingRequestCreate,
  TrackingRequestDocumentSchema,
  TrackingRequestListDocumentSchema,
} from '../../../contract/tracking-requests'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'
import { isSettled } from './tracking-request-words'

export type RequestListParams = { filters: FilterValues; page: number; size: number }

export const REQUEST_VIEW = {
  sortFields: TRACKING_REQUEST_LIST.sorts,
  filters: Object.keys(TRACKING_REQUEST_LIST.filters),
  page: TRACKING_REQUEST_LIST.page,
}

export function requestListParamsFrom(search: URLSearchParams): RequestListParams {
  const { page, size } = readTableState(search, REQUEST_VIEW)
  return { filters: filterValuesFrom(TRACKING_REQUEST_LIST, search), page, size }
}

/** Waits longer between checks the longer a request takes: 1 s, 1.5 s, 2.3 s … up to 15 s. */
export const pollDelay = (checks: number) => Math.min(1000 * 1.5 ** checks, 15_000)

export const trackingRequestQueries = {
  all: () => ['tracking-requests'] as const,
  list: (params: RequestListParams) =>
    queryOptions({
      queryKey: [...trackingRequestQueries.all(), 'list', params],
      queryFn: ({ signal }) =>
        api.get('/tracking_requests', TrackingRequestListDocumentSchema, {
          params: {
            ...apiFilters(TRACKING_REQUEST_LIST, params.filters),
            'page[number]': params.page,
            'page[size]': params.size,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...trackingRequestQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/tracking_requests/${id}`, TrackingRequestDocumentSchema, {
          include: ['tracked_object'],
          signal,
        }),
      refetchInterval: (query) =>
        isSettled(query.state.data?.data.attributes.status) || query.state.error
          ? false
          : pollDelay(query.state.dataUpdateCount),
      refetchIntervalInBackground: true,
    }),
}

export const trackingRequestApi = {
  create: (body: TrackingRequestCreate) =>
    api.post('/tracking_requests', body, TrackingRequestDocumentSchema),
  inferNumber: (number: string) =>
    api.post('/tracking_requests/infer_number', { number }, InferNumberDocumentSchema),
  /** The request already tracking a number with a line, to link a duplicate to it. */
  findExisting: async (number: string, scac: string) => {
    const found = await api.get('/tracking_requests', TrackingRequestListDocumentSchema, {
      params: { ...apiFilters(TRACKING_REQUEST_LIST, { number: number.toUpperCase() }), 'page[size]': 20 },
    })
    const same = found.data.filter((r) => r.attributes.scac?.toUpperCase() === scac.toUpperCase())
    return same.find((r) => r.attributes.status !== 'failed') ?? same[0]
  },
}
