import { BOARD_LIST } from '../../contract/container-board-query'
import { filterParams, filtersOf, sortParam } from '../http/list-params'
import { asOneOf, optional } from '../http/query-params'
import type { BoardQuery } from '../storage/container-board-store'

/**
 * The board's view of `GET /v2/containers` (a Quayside extension): the contract's `BOARD_LIST` (a tab,
 * filters by hold, terminal, carrier, customer and tag, a sort) and `counts=tabs` for every tab's count
 * under the same filters.
 */
export const BOARD_QUERY = {
  ...filterParams(BOARD_LIST),
  sort: sortParam(BOARD_LIST),
  counts: optional(asOneOf(['tabs'] as const), 'tabs: add every tab count to meta.tab_counts'),
}

export const boardOf = (query: Record<string, unknown> & Pick<BoardQuery, 'sort'>): BoardQuery => ({
  ...filtersOf(BOARD_LIST, query),
  sort: query.sort,
})
