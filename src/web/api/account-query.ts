import { queryOptions } from '@tanstack/react-query'
import { CurrentAccountDocumentSchema } from '../../contract/account'
import { api } from './api-client'

/** GET /account: the signed-in account's name, the key's scope and the account's inbound email address. */
export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: ({ signal }) => api.get('/account', CurrentAccountDocumentSchema, { signal }),
  staleTime: 5 * 60_000,
})
