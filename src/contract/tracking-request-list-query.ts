import { dateValue } from './date-value'
import { LIST_PAGE, listFilter, listQuery } from './list-query'
import { anyText, oneOfValue } from './query-values'
import { TRACKING_REQUEST_STATUSES } from './tracking-requests'

const range = (param: string) => listFilter({ param, value: dateValue })

/** `GET /v2/tracking_requests`: the search and Terminal49's filters, under the dashboard's names. */
export const TRACKING_REQUEST_LIST = listQuery({
  filters: {
    q: listFilter({
      param: 'q',
      label: 'Search requests',
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
    created_from: range('filter[created_at][start]'),
    created_to: range('filter[created_at][end]'),
    updated_from: range('filter[updated_at][start]'),
    updated_to: range('filter[updated_at][end]'),
  },
  sorts: [],
  page: LIST_PAGE,
})
