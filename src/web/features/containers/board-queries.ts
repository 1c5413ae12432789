import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { BOARD_FIELDS, type BoardTab, ContainerBoardDocumentSchema } from '../../../contract/container-board'
import { BOARD_LIST, type BoardSort } from '../../../contract/container-board-query'
import { api } from '../../api/api-client'
import { readTableState, type SortState } from '../../components/data-table/use-table-url-state'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'

export type BoardSortField = BoardSort['field']

export const BOARD_VIEW = {
  sortFields: BOARD_LIST.sorts,
  filters: Object.keys(BOARD_LIST.filters),
  page: BOARD_LIST.page,
}

export type BoardParams = {
  tab: BoardTab
  days: number
  /** Every filter the URL sets, tab and days included, by the contract's names. */
  filters: FilterValues
  sort?: SortState<BoardSortField>
  page: number
  size: number
}

/** It opens on what needs attention. */
export function boardParamsFrom(search: URLSearchParams): BoardParams {
  const { sort, page, size } = readTableState(search, BOARD_VIEW)
  const filters = filterValuesFrom(BOARD_LIST, search)
  const tab = (filters.tab as BoardTab | undefined) ?? 'attention'
  const days = filters.days ? Number(filters.days) : BOARD_LIST.filters.days.fallback
  return { tab, days, filters: { ...filters, tab, days: String(days) }, sort, page, size }
}

const apiParams = (params: BoardParams) => ({
  ...apiFilters(BOARD_LIST, params.filters),
  sort: params.sort ? `${params.sort.descending ? '-' : ''}${params.sort.field}` : undefined,
  'page[number]': params.page,
  'page[size]': params.size,
})

const INCLUDE = ['shipment', 'pod_terminal']
// a server without sparse fieldsets answers whole resources, which read the same
const FIELDS = Object.fromEntries(
  Object.entries(BOARD_FIELDS).map(([type, names]) => [`fields[${type}]`, names.join(',')]),
)

export const boardQueries = {
  all: () => ['containers', 'board'] as const,
  list: (params: BoardParams) =>
    queryOptions({
      queryKey: [...boardQueries.all(), 'list', params],
      queryFn: ({ signal }) =>
        api.get('/containers', ContainerBoardDocumentSchema, {
          include: INCLUDE,
          params: { ...apiParams(params), ...FIELDS, counts: 'tabs' },
          signal,
        }),
      placeholderData: keepPreviousData,
      // the board is what people keep open: it follows the terminals without a reload
      refetchInterval: 60_000,
    }),
  /** Never shown, so it is not kept. */
  exportPage: (params: BoardParams) =>
    queryOptions({
      queryKey: [...boardQueries.all(), 'export', params],
      queryFn: ({ signal }) =>
        api.get('/containers', ContainerBoardDocumentSchema, {
          include: INCLUDE,
          params: { ...apiParams(params), ...FIELDS },
          signal,
        }),
      staleTime: 0,
      gcTime: 0,
    }),
}
