import { queryOptions } from '@tanstack/react-query'
import { PartyListDocumentSchema } from '../../contract/parties'
import { ShippingLineListDocumentSchema } from '../../contract/shipping-lines'
import { api } from './api-client'

export const referenceQueries = {
  all: () => ['reference'] as const,
  shippingLines: () =>
    queryOptions({
      queryKey: [...referenceQueries.all(), 'shipping-lines'],
      queryFn: ({ signal }) => api.get('/shipping_lines', ShippingLineListDocumentSchema, { signal }),
      staleTime: 60 * 60_000,
    }),
  customers: () =>
    queryOptions({
      queryKey: [...referenceQueries.all(), 'customers'],
      queryFn: ({ signal }) =>
        api.get('/parties', PartyListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
      staleTime: 5 * 60_000,
    }),
}
