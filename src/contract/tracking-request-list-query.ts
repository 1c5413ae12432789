import { anyText, dateValue, LIST_PAGE, listFilter, listQuery, oneOfValue } from './list-query'
import { TRACKING_REQUEST_STATUSES } from './tracking-requests'

const range = (param: string, description: string) => listFilter({ param, description, value: dateValue })

/** `GET /v2/tracking_requests`: the search and Terminal49's filters, under the dashboard's names. */
export const TRACKING_REQUEST_LIST = listQuery({
  filters: {
    q: listFilter({
      param: 'q',
      label: 'Search requests',
      description: 'Request number or reference number, or the start of one',
      value: anyText,
      input: { kind: 'search', placeholder: 'Number' },
    }),
    status: listFilter({
      param: 'filter[status]',
      label: 'Status',
      value: oneOfValue(TRACKING_REQUEST_STATUSES),
      input: { kind: 'supplied', any: 'Any status' },
    }),
    number: listFilter({ param: 'filter[request_number]', value: anyText }),
    carrier: listFilter({ param: 'filter[scac]', value: anyText }),
    created_from: range('filter[created_at][start]', 'Requested at or after'),
    created_to: range('filter[created_at][end]', 'Requested at or before'),
    updated_from: range('filter[updated_at][start]', 'Updated at or after'),
    updated_to: range('filter[updated_at][end]', 'Updated at or before'),
  },
  sorts: [],
  page: LIST_PAGE,
})
