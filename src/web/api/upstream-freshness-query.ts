import { queryOptions } from '@tanstack/react-query'
import { CurrentAccountDocumentSchema, UpstreamFreshnessSchema } from '../../contract/account'
import { api } from './api-client'

/** Null for an account that mirrors nothing, or a server that does not say. */
export const upstreamFreshnessQuery = queryOptions({
  queryKey: ['account', 'upstream'],
  queryFn: async ({ signal }) => {
    const document = await api.get('/account', CurrentAccountDocumentSchema, { signal })
    const parsed = UpstreamFreshnessSchema.safeParse(document.meta?.upstream)
    return parsed.success ? parsed.data : null
  },
  refetchInterval: 60_000,
  retry: false,
})
