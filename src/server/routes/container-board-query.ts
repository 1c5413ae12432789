import { BOARD_LIST } from '../../contract/container-board-query'
import { ContainerListDocumentSchema } from '../../contract/containers'
import { filterParams, filtersOf, sortParam } from '../http/list-params'
import { pageOf, pageParams } from '../http/pagination'
import { asOneOf, fieldsFamily, includeQuery, optional } from '../http/query-params'
import { route } from '../http/route'
import type { BoardQuery } from '../storage/container-board-store'
import type { Storage } from '../storage/storage'
import { BOARD_DESCRIPTIONS } from './list-descriptions'
import { customerFilter, partyScope } from './party-scope'
import { respondWithPage } from './respond-with'

const BOARD_QUERY = {
  ...filterParams(BOARD_LIST, BOARD_DESCRIPTIONS),
  sort: sortParam(BOARD_LIST),
  counts: optional(asOneOf(['tabs'] as const), 'tabs: add every tab count to meta.tab_counts'),
}

const boardOf = (query: Record<string, unknown> & Pick<BoardQuery, 'sort'>): BoardQuery => ({
  ...filtersOf(BOARD_LIST, query),
  sort: query.sort,
})

export const containerListRoute = (storage: Storage) =>
  route(
    {
      method: 'get',
      path: '/containers',
      customer: 'party-scoped',
      summary: 'List containers, newest first; Quayside adds the board (tabs, filters, sort, tab counts)',
      query: { ...pageParams(BOARD_LIST.page), ...includeQuery, ...BOARD_QUERY },
      queryFamilies: { fields: fieldsFamily },
      response: ContainerListDocumentSchema,
    },
    async (c, { query, families }) => {
      const page = pageOf(query)
      const party = partyScope(c, c.var.caller)
      const asked = boardOf(query)
      const board = { ...asked, customer: customerFilter(party, asked.customer) }
      const accountId = c.var.caller.accountId
      // the tab's own count is the list's total, so it is counted once
      const tabCounts = query.counts ? await storage.board.tabCounts(accountId, board) : undefined
      const result = await storage.board.list(accountId, board, page, board.tab && tabCounts?.[board.tab])
      return respondWithPage(c, storage, 'container', result, page, {
        meta: tabCounts ? { tab_counts: tabCounts } : undefined,
        fields: families.fields,
      })
    },
  )
