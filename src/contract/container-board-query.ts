import { BOARD_TABS, DEFAULT_LFD_WITHIN_DAYS, MAX_LFD_WITHIN_DAYS } from './container-board'
import { holdWords } from './container-state'
import { HOLD_NAMES } from './containers'
import { dateValue } from './date-value'
import {
  LIST_PAGE,
  type ListFilterValues,
  type ListSort,
  listFilter,
  listQuery,
  SHIPMENT_PARTY_FILTERS,
} from './list-query'
import { daysValue, oneOfValue, textValue, uuidValue } from './query-values'

/** A new filter is a line here and its condition in the board store's `CONDITIONS`. */
export const BOARD_LIST = listQuery({
  filters: {
    tab: listFilter({
      param: 'filter[tab]',
      value: oneOfValue(BOARD_TABS),
    }),
    days: listFilter({
      param: 'filter[lfd_within_days]',
      value: daysValue(MAX_LFD_WITHIN_DAYS),
      fallback: DEFAULT_LFD_WITHIN_DAYS,
    }),
    hold: listFilter({
      param: 'filter[hold]',
      label: 'Hold',
      value: textValue(),
      input: {
        kind: 'choice',
        any: 'Any or none',
        choices: HOLD_NAMES.map((name) => ({ value: name, label: holdWords({ name }) })),
      },
    }),
    terminal: listFilter({
      param: 'filter[pod_terminal_id]',
      label: 'Terminal',
      value: uuidValue,
      input: { kind: 'supplied', any: 'Any terminal' },
    }),
    appointment_from: listFilter({ param: 'filter[appointment][gte]', value: dateValue }),
    appointment_to: listFilter({ param: 'filter[appointment][lte]', value: dateValue }),
    carrier: SHIPMENT_PARTY_FILTERS.carrier,
    customer: SHIPMENT_PARTY_FILTERS.customer,
    tag: SHIPMENT_PARTY_FILTERS.tag,
  },
  sorts: ['pickup_lfd', 'pod_eta_at', 'number', 'created_at', 'empty_return_deadline', 'appointment'],
  page: LIST_PAGE,
})

export type BoardFilters = ListFilterValues<typeof BOARD_LIST>
export type BoardSort = ListSort<typeof BOARD_LIST>
