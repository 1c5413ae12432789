import { BOARD_TABS, DEFAULT_LFD_WITHIN_DAYS, MAX_LFD_WITHIN_DAYS } from './container-board'
import { holdWords } from './container-state'
import { HOLD_NAMES } from './containers'
import {
  daysValue,
  LIST_PAGE,
  type ListFilterValues,
  type ListSort,
  listFilter,
  listQuery,
  oneOfValue,
  SHIPMENT_PARTY_FILTERS,
  textValue,
  uuidValue,
} from './list-query'

/** A new filter is a line here and its condition in the board store's `CONDITIONS`. */
export const BOARD_LIST = listQuery({
  filters: {
    tab: listFilter({
      param: 'filter[tab]',
      description: 'One tab of the board: what needs attention today',
      value: oneOfValue(BOARD_TABS),
    }),
    days: listFilter({
      param: 'filter[lfd_within_days]',
      description: 'How many days ahead the last-free-day tab looks',
      value: daysValue(MAX_LFD_WITHIN_DAYS),
      fallback: DEFAULT_LFD_WITHIN_DAYS,
    }),
    hold: listFilter({
      param: 'filter[hold]',
      label: 'Hold',
      description: 'Containers under this hold',
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
      description: 'Containers at this terminal',
      value: uuidValue,
      input: { kind: 'supplied', any: 'Any terminal' },
    }),
    carrier: { ...SHIPMENT_PARTY_FILTERS.carrier, description: 'Containers of this shipping line (SCAC)' },
    customer: { ...SHIPMENT_PARTY_FILTERS.customer, description: 'Containers of this customer' },
    tag: { ...SHIPMENT_PARTY_FILTERS.tag, description: 'Containers whose shipment carries this tag' },
  },
  sorts: ['pickup_lfd', 'pod_eta_at', 'number', 'created_at'],
  page: LIST_PAGE,
})

export type BoardFilters = ListFilterValues<typeof BOARD_LIST>
export type BoardSort = ListSort<typeof BOARD_LIST>
