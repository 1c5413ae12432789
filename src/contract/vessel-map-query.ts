import { listFilter, listQuery, SHIPMENT_PARTY_FILTERS } from './list-query'
import { oneOfValue, textValue, uuidValue } from './query-values'

import { VESSEL_MAP_STATES } from './vessels'

/** `GET /v2/vessels` as the map reads it (a Quayside extension): the board's shipment filters, and more. */
export const VESSEL_MAP_LIST = listQuery({
  filters: {
    carrying: listFilter({
      param: 'filter[carrying]',
      value: oneOfValue(['active']),
      required: true,
    }),
    carrier: SHIPMENT_PARTY_FILTERS.carrier,
    customer: SHIPMENT_PARTY_FILTERS.customer,
    tag: SHIPMENT_PARTY_FILTERS.tag,
    pod: listFilter({
      param: 'filter[pod]',
      label: 'Port of discharge',
      value: textValue(),
      input: { kind: 'text', size: 7, placeholder: 'UN/LOCODE' },
      upper: true,
    }),
    state: listFilter({
      param: 'filter[state]',
      label: 'State',
      value: oneOfValue(VESSEL_MAP_STATES),
      input: { kind: 'supplied', any: 'Any state' },
    }),
    vessel: listFilter({
      param: 'filter[vessel_id]',
      value: uuidValue,
    }),
  },
  sorts: [],
})
