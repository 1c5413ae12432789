import { queryOptions } from '@tanstack/react-query'
import { AuditEventListDocumentSchema } from '../../../contract/people'
import { api } from '../../api/api-client'
import { HISTORY_KEY } from './history-key'

export type HistoryTarget = 'shipment' | 'container'

export const historyQueries = {
  all: () => HISTORY_KEY,
  forTarget: (type: HistoryTarget, id: string) =>
    queryOptions({
      queryKey: [...historyQueries.all(), type, id],
      queryFn: ({ signal }) =>
        api.get('/audit_events', AuditEventListDocumentSchema, {
          params: { 'filter[target_type]': type, 'filter[target_id]': id, 'page[size]': 50 },
          signal,
        }),
    }),
}
