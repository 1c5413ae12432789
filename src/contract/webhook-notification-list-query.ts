import { WEBHOOK_EVENT_KINDS } from './event-kinds'
import { dateValue, LIST_PAGE, listFilter, listQuery, oneOfValue, uuidValue } from './list-query'
import { DELIVERY_LOG_STATUSES } from './webhooks'

/** `GET /v2/webhook_notifications`, the delivery log: Quayside's filters, under the dashboard's names. */
export const WEBHOOK_NOTIFICATION_LIST = listQuery({
  filters: {
    status: listFilter({
      param: 'filter[status]',
      label: 'Status',
      description:
        'Quayside: pending (not tried yet), retrying (failed, will be tried again), succeeded or failed',
      value: oneOfValue(DELIVERY_LOG_STATUSES),
      input: { kind: 'supplied', any: 'Any status' },
    }),
    event: listFilter({
      param: 'filter[event]',
      label: 'Event kind',
      description: 'Quayside: notifications of this event kind',
      value: oneOfValue(WEBHOOK_EVENT_KINDS),
      input: { kind: 'supplied', any: 'Any event' },
    }),
    webhook: listFilter({
      param: 'filter[webhook_id]',
      description: "Quayside: one webhook's notifications",
      value: uuidValue,
    }),
    created_from: listFilter({ param: 'filter[created_at][start]', value: dateValue }),
    created_to: listFilter({ param: 'filter[created_at][end]', value: dateValue }),
  },
  sorts: [],
  page: LIST_PAGE,
})
