import { listFilter, listQuery, oneOfValue, SHIPMENT_PARTY_FILTERS, textValue, uuidValue } from './list-query'
import { VESSEL_MAP_STATES } from './vessels'

/** `GET /v2/vessels` as the map reads it (a Quayside extension): the board's shipment filters, and more. */
export const VESSEL_MAP_LIST = listQuery({
  filters: {
    carrying: listFilter({
      param: 'filter[carrying]',
      description: 'Only `active`: vessels carrying the account’s containers at sea now',
      value: oneOfValue(['active']),
      required: true,
    }),
    carrier: SHIPMENT_PARTY_FILTERS.carrier,
    customer: SHIPMENT_PARTY_FILTERS.customer,
    tag: SHIPMENT_PARTY_FILTERS.tag,
    pod: listFilter({
      param: 'filter[pod]',
      label: 'Port of discharge',
      description: 'Shipments discharging at this port (UN/LOCODE)',
      value: textValue(),
      input: { kind: 'text', size: 7, placeholder: 'UN/LOCODE' },
      upper: true,
    }),
    state: listFilter({
      param: 'filter[state]',
      label: 'State',
      description: 'Only containers in this state aboard',
      value: oneOfValue(VESSEL_MAP_STATES),
      input: { kind: 'supplied', any: 'Any state' },
    }),
    vessel: listFilter({
      param: 'filter[vessel_id]',
      description: 'Only this vessel: what a map asks with includes for the one chosen',
      value: uuidValue,
    }),
  },
  sorts: [],
})
