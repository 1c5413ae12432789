import { booleanValue } from './boolean-value'
import { LIST_PAGE, type ListFilterValues, listFilter, listQuery, SHIPMENT_PARTY_FILTERS } from './list-query'
import { anyText } from './query-values'

const locode = (param: string, label: string, example: string) =>
  listFilter({
    param,
    label: `${label} (UN/LOCODE)`,
    value: anyText,
    input: { kind: 'text', placeholder: `e.g. ${example}`, maxLength: 5, size: 8 },
    upper: true,
  })

/** `GET /v2/shipments`: the search, the filters and the sorts, under the dashboard's names. */
export const SHIPMENT_LIST = listQuery({
  filters: {
    q: listFilter({
      param: 'q',
      label: 'Search shipments',
      value: anyText,
      input: { kind: 'search', placeholder: 'Bill of lading, reference or container number' },
    }),
    number: listFilter({
      param: 'number',
      value: anyText,
    }),
    carrier: SHIPMENT_PARTY_FILTERS.carrier,
    pol: locode('filter[port_of_lading_locode]', 'Port of lading', 'CNSHA'),
    pod: locode('filter[port_of_discharge_locode]', 'Port of discharge', 'USLAX'),
    stopped: listFilter({
      param: 'filter[tracking_stopped]',
      label: 'Tracking',
      value: booleanValue,
      input: {
        kind: 'choice',
        any: 'Any',
        choices: [
          { value: 'false', label: 'Still tracking' },
          { value: 'true', label: 'Tracking stopped' },
        ],
      },
    }),
    customer: SHIPMENT_PARTY_FILTERS.customer,
    tag: SHIPMENT_PARTY_FILTERS.tag,
  },
  sorts: [
    'created_at',
    'bill_of_lading_number',
    'shipping_line_scac',
    'port_of_lading_name',
    'port_of_discharge_name',
    'pod_vessel_name',
    'pod_eta_at',
  ],
  page: LIST_PAGE,
})

export type ShipmentListFilters = ListFilterValues<typeof SHIPMENT_LIST>
