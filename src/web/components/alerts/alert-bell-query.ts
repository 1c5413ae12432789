import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { looseInteger } from '../../../contract/document'
import { api } from '../../api/api-client'

/** Every alert query starts with this, so reading one refreshes the bell and the list. */
export const ALERTS_KEY = ['alerts'] as const

// Only the count is read on every page; the panel reads the alerts themselves (the contract's whole alert
// module would otherwise ride in the first page's JavaScript).
const BellDocumentSchema = z.looseObject({
  data: z.array(z.unknown()),
  meta: z.optional(z.looseObject({ unread_count: z.optional(looseInteger) })),
})

/** The bell: the newest few and the unread count, every 30 s and when the tab comes back. */
export const alertBellQuery = queryOptions({
  queryKey: [...ALERTS_KEY, 'bell'],
  queryFn: ({ signal }) => api.get('/alerts', BellDocumentSchema, { params: { 'page[size]': 8 }, signal }),
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
})
