import { dateValue } from './date-value'
import { WEBHOOK_EVENT_KINDS } from './event-kinds'
import { LIST_PAGE, listFilter, listQuery } from './list-query'
import { oneOfValue, uuidValue } from './query-values'
import { DELIVERY_LOG_STATUSES } from './webhooks'

/** `GET /v2/webhook_notifications`, the delivery log: Quayside's filters, under the dashboard's names. */
export const WEBHOOK_NOTIFICATION_LIST = listQuery({
  filters: {
    status: listFilter({
      param: 'filter[status]',
      label: 'Status',
      value: oneOfValue(DELIVERY_LOG_STATUSES),
      input: { kind: 'supplied', any: 'Any status' },
    }),
    event: listFilter({
      param: 'filter[event]',
      label: 'Event kind',
      value: oneOfValue(WEBHOOK_EVENT_KINDS),
      input: { kind: 'supplied', any: 'Any event' },
    }),
    webhook: listFilter({
      param: 'filter[webhook_id]',
      value: uuidValue,
    }),
    created_from: listFilter({ param: 'filter[created_at][start]', value: dateValue }),
    created_to: listFilter({ param: 'filter[created_at][end]', value: dateValue }),
  },
  sorts: [],
  page: LIST_PAGE,
})
