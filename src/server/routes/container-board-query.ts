import { BOARD_TABS, DEFAULT_LFD_WITHIN_DAYS, MAX_LFD_WITHIN_DAYS } from '../../contract/container-board'
import { asOneOf, asUuid, defaulted, optional, refuse } from '../http/query-params'
import { BOARD_SORT_FIELDS, type BoardQuery, type BoardSort } from '../storage/container-board-store'

const asShortText = (raw: string) => {
  const text = raw.trim()
  if (text.length > 100) return refuse('must be at most 100 characters')
  return text === '' ? undefined : text
}

const asDays = (raw: string) =>
  /^\d{1,2}$/.test(raw) && Number(raw) <= MAX_LFD_WITHIN_DAYS
    ? Number(raw)
    : refuse(`must be a whole number from 0 to ${MAX_LFD_WITHIN_DAYS}`)

const asBoardSort = (raw: string): BoardSort | ReturnType<typeof refuse> => {
  const field = raw.replace(/^-/, '')
  if (!Object.hasOwn(BOARD_SORT_FIELDS, field))
    return refuse(`must be one of ${Object.keys(BOARD_SORT_FIELDS).join(', ')}, optionally after -`)
  return { field: field as BoardSort['field'], descending: raw.startsWith('-') }
}

/**
 * The board's view of `GET /v2/containers` (a Quayside extension): a tab, filters by hold, terminal,
 * carrier, customer and tag, a sort, and `counts=tabs` for every tab's count under the same filters.
 */
export const BOARD_QUERY = {
  'filter[tab]': optional(asOneOf(BOARD_TABS), 'One tab of the board: what needs attention today'),
  'filter[lfd_within_days]': defaulted(
    asDays,
    DEFAULT_LFD_WITHIN_DAYS,
    'How many days ahead the last-free-day tab looks',
  ),
  'filter[hold]': optional(asShortText, 'Containers under this hold'),
  'filter[pod_terminal_id]': optional(asUuid, 'Containers at this terminal'),
  'filter[shipping_line_scac]': optional(asShortText),
  'filter[customer_id]': optional(asUuid),
  'filter[tags]': optional(asShortText, 'Containers whose shipment carries this tag'),
  sort: optional(
    asBoardSort,
    `One of ${Object.keys(BOARD_SORT_FIELDS).join(', ')}; a leading - for descending`,
  ),
  counts: optional(asOneOf(['tabs'] as const), 'tabs: add every tab count to meta.tab_counts'),
}

type BoardQueryValues = {
  'filter[tab]'?: BoardQuery['tab']
  'filter[lfd_within_days]': number
  'filter[hold]'?: string
  'filter[pod_terminal_id]'?: string
  'filter[shipping_line_scac]'?: string
  'filter[customer_id]'?: string
  'filter[tags]'?: string
  sort?: BoardSort
}

export const boardOf = (query: BoardQueryValues): BoardQuery => ({
  tab: query['filter[tab]'],
  lfdWithinDays: query['filter[lfd_within_days]'],
  hold: query['filter[hold]'],
  terminalId: query['filter[pod_terminal_id]'],
  scac: query['filter[shipping_line_scac]'],
  customerId: query['filter[customer_id]'],
  tag: query['filter[tags]'],
  sort: query.sort,
})
