import {
  BOARD_TABS,
  type BoardTab,
  DEFAULT_LFD_WITHIN_DAYS,
  MAX_LFD_WITHIN_DAYS,
} from '../../contract/container-board'
import { uuidParameter } from '../http/params'
import { badParameter } from '../http/problem'
import { BOARD_SORT_FIELDS, type BoardQuery, type BoardSort } from '../storage/container-board-store'

type Query = (name: string) => string | undefined

const text = (name: string, raw: string | undefined) => {
  if (raw === undefined || raw.trim() === '') return undefined
  if (raw.length > 100) throw badParameter(name, `${name} must be at most 100 characters`)
  return raw.trim()
}

const tabOf = (raw: string | undefined): BoardTab | undefined => {
  if (raw === undefined || raw === '') return undefined
  if (!(BOARD_TABS as readonly string[]).includes(raw))
    throw badParameter('filter[tab]', `filter[tab] must be one of ${BOARD_TABS.join(', ')}`)
  return raw as BoardTab
}

const daysOf = (raw: string | undefined) => {
  if (raw === undefined || raw === '') return DEFAULT_LFD_WITHIN_DAYS
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > MAX_LFD_WITHIN_DAYS)
    throw badParameter(
      'filter[lfd_within_days]',
      `filter[lfd_within_days] must be a whole number from 0 to ${MAX_LFD_WITHIN_DAYS}`,
    )
  return Number(raw)
}

const sortOf = (raw: string | undefined): BoardSort | undefined => {
  if (raw === undefined || raw === '') return undefined
  const field = raw.replace(/^-/, '')
  if (!Object.hasOwn(BOARD_SORT_FIELDS, field))
    throw badParameter(
      'sort',
      `sort must be one of ${Object.keys(BOARD_SORT_FIELDS).join(', ')}, optionally after -`,
    )
  return { field: field as BoardSort['field'], descending: raw.startsWith('-') }
}

/**
 * The board's view of `GET /v2/containers` (a Quayside extension): a tab, filters by hold, terminal,
 * carrier, customer and tag, a sort, and `counts=tabs` for every tab's count under the same filters.
 */
export function readBoardQuery(query: Query): { board: BoardQuery; withCounts: boolean } {
  const counts = query('counts')
  if (counts !== undefined && counts !== '' && counts !== 'tabs')
    throw badParameter('counts', 'counts must be tabs')
  return {
    board: {
      tab: tabOf(query('filter[tab]')),
      lfdWithinDays: daysOf(query('filter[lfd_within_days]')),
      hold: text('filter[hold]', query('filter[hold]')),
      terminalId: uuidParameter('filter[pod_terminal_id]', query('filter[pod_terminal_id]')),
      scac: text('filter[shipping_line_scac]', query('filter[shipping_line_scac]')),
      customerId: uuidParameter('filter[customer_id]', query('filter[customer_id]')),
      tag: text('filter[tags]', query('filter[tags]')),
      sort: sortOf(query('sort')),
    },
    withCounts: counts === 'tabs',
  }
}
