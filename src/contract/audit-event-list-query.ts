import { dateValue } from './date-value'
import { LIST_PAGE, listFilter, listQuery } from './list-query'
import { textValue } from './query-values'

/** `GET /v2/audit_events` (a Quayside extension): newest first, by target, actor and time. */
export const AUDIT_EVENT_LIST = listQuery({
  filters: {
    target_type: listFilter({
      param: 'filter[target_type]',
      value: textValue(),
    }),
    target_id: listFilter({
      param: 'filter[target_id]',
      value: textValue(),
    }),
    actor_id: listFilter({
      param: 'filter[actor_id]',
      value: textValue(),
    }),
    occurred_from: listFilter({
      param: 'filter[occurred_at][gte]',
      value: dateValue,
    }),
    occurred_to: listFilter({
      param: 'filter[occurred_at][lte]',
      value: dateValue,
    }),
  },
  sorts: [],
  page: LIST_PAGE,
})
