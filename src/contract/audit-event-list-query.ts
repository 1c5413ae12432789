import { dateValue, LIST_PAGE, listFilter, listQuery, textValue } from './list-query'

/** `GET /v2/audit_events` (a Quayside extension): newest first, by target, actor and time. */
export const AUDIT_EVENT_LIST = listQuery({
  filters: {
    target_type: listFilter({
      param: 'filter[target_type]',
      description: 'Events about this kind of thing: shipment, container, webhook, document, …',
      value: textValue(),
    }),
    target_id: listFilter({
      param: 'filter[target_id]',
      description: 'Events about the thing with this id',
      value: textValue(),
    }),
    actor_id: listFilter({
      param: 'filter[actor_id]',
      description: 'Events by this person (a user id) or key (an API key id)',
      value: textValue(),
    }),
    occurred_from: listFilter({
      param: 'filter[occurred_at][gte]',
      description: 'Events at or after this time',
      value: dateValue,
    }),
    occurred_to: listFilter({
      param: 'filter[occurred_at][lte]',
      description: 'Events at or before this time',
      value: dateValue,
    }),
  },
  sorts: [],
  page: LIST_PAGE,
})
