import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  BOARD_TABS,
  type BoardTab,
  ContainerBoardDocumentSchema,
  DEFAULT_LFD_WITHIN_DAYS,
  MAX_LFD_WITHIN_DAYS,
} from '../../../contract/container-board'
import { api } from '../../api/api-client'
import { readTableState, type SortState } from '../../components/data-table/use-table-url-state'

const SORT_FIELDS = ['pickup_lfd', 'pod_eta_at', 'number'] as const
export type BoardSortField = (typeof SORT_FIELDS)[number]

export const BOARD_VIEW = {
  sortFields: SORT_FIELDS,
  filters: ['tab', 'days', 'hold', 'terminal', 'carrier', 'customer', 'tag'] as const,
}

export type BoardParams = {
  tab: BoardTab
  days: number
  hold?: string
  terminal?: string
  carrier?: string
  customer?: string
  tag?: string
  sort?: SortState<BoardSortField>
  page: number
  size: number
}

/** It opens on what needs attention. */
export function boardParamsFrom(search: URLSearchParams): BoardParams {
  const { filters, sort, page, size } = readTableState(search, BOARD_VIEW)
  const days = Number(filters.days)
  return {
    tab: BOARD_TABS.includes(filters.tab as BoardTab) ? (filters.tab as BoardTab) : 'attention',
    days: Number.isInteger(days) && days >= 0 && days <= MAX_LFD_WITHIN_DAYS ? days : DEFAULT_LFD_WITHIN_DAYS,
    hold: filters.hold,
    terminal: filters.terminal,
    carrier: filters.carrier?.toUpperCase(),
    customer: filters.customer,
    tag: filters.tag,
    sort,
    page,
    size,
  }
}

/** Quayside extensions on GET /v2/containers. */
const apiParams = (params: BoardParams) => ({
  'filter[tab]': params.tab,
  'filter[lfd_within_days]': params.days,
  'filter[hold]': params.hold,
  'filter[pod_terminal_id]': params.terminal,
  'filter[shipping_line_scac]': params.carrier,
  'filter[customer_id]': params.customer,
  'filter[tags]': params.tag,
  sort: params.sort ? `${params.sort.descending ? '-' : ''}${params.sort.field}` : undefined,
  'page[number]': params.page,
  'page[size]': params.size,
})

const INCLUDE = ['shipment', 'pod_terminal']

export const boardQueries = {
  all: () => ['containers', 'board'] as const,
  list: (params: BoardParams) =>
    queryOptions({
      queryKey: [...boardQueries.all(), 'list', params],
      queryFn: ({ signal }) =>
        api.get('/containers', ContainerBoardDocumentSchema, {
          include: INCLUDE,
          params: { ...apiParams(params), counts: 'tabs' },
          signal,
        }),
      placeholderData: keepPreviousData,
      // the board is what people keep open: it follows the terminals without a reload
      refetchInterval: 60_000,
    }),
  /** Fetched fresh, never shown, so it is not kept. */
  exportPage: (params: BoardParams) =>
    queryOptions({
      queryKey: [...boardQueries.all(), 'export', params],
      queryFn: ({ signal }) =>
        api.get('/containers', ContainerBoardDocumentSchema, {
          include: INCLUDE,
          params: apiParams(params),
          signal,
        }),
      staleTime: 0,
      gcTime: 0,
    }),
}
