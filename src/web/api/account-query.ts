import { queryOptions } from '@tanstack/react-query'
import { CurrentAccountDocumentSchema } from '../../contract/account'
import { api } from './api-client'

export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: ({ signal }) => api.get('/account', CurrentAccountDocumentSchema, { signal }),
  staleTime: 5 * 60_000,
})
