import { queryOptions } from '@tanstack/react-query'
import {
  type EmbedTokenCreate,
  EmbedTokenDocumentSchema,
  EmbedTokenListDocumentSchema,
} from '../../../contract/embed-tokens'
import { ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'

export const embedTokenQueries = {
  all: () => ['embed-tokens'] as const,
  list: () =>
    queryOptions({
      queryKey: [...embedTokenQueries.all(), 'list'],
      queryFn: ({ signal }) =>
        api.get('/embed_tokens', EmbedTokenListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
      refetchInterval: 5_000,
    }),
}

export const embedTokenApi = {
  create: (body: EmbedTokenCreate) => api.post('/embed_tokens', body, EmbedTokenDocumentSchema),
  revoke: (id: string) => api.post(`/embed_tokens/${id}/revoke`, {}, EmbedTokenDocumentSchema),
}

export async function shipmentIdsFor(numbers: string[]) {
  const found = await Promise.all(
    numbers.map(async (number) => {
      const document = await api.get('/shipments', ShipmentListDocumentSchema, {
        params: { q: number, 'page[size]': 5 },
      })
      const exact = document.data.find(
        (shipment) => shipment.attributes.bill_of_lading_number?.toUpperCase() === number.toUpperCase(),
      )
      return { number, id: exact?.id }
    }),
  )
  return {
    ids: found.flatMap((entry) => (entry.id ? [entry.id] : [])),
    missing: found.filter((entry) => !entry.id).map((entry) => entry.number),
  }
}
