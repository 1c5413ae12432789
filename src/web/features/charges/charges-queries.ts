import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ChargesSummaryDocumentSchema } from '../../../contract/charges-summary'
import { api } from '../../api/api-client'
import type { ChargesParams } from './charges-period'

export const chargesQueries = {
  all: () => ['charges'] as const,
  summary: ({ group, from, to }: Pick<ChargesParams, 'group' | 'from' | 'to'>) =>
    queryOptions({
      queryKey: [...chargesQueries.all(), 'summary', group, from, to],
      queryFn: ({ signal }) =>
        api.get('/charges_summary', ChargesSummaryDocumentSchema, {
          params: { group_by: group, 'filter[from]': from, 'filter[to]': to },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
}
