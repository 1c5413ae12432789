import { queryOptions } from '@tanstack/react-query'
import { DocumentListDocumentSchema } from '../../../contract/documents'
import { api } from '../../api/api-client'

export const linkedDocumentQueries = {
  all: () => ['documents'] as const,
  forEntity: (kind: 'shipment' | 'container', id: string) =>
    queryOptions({
      queryKey: [...linkedDocumentQueries.all(), 'linked', kind, id],
      queryFn: ({ signal }) =>
        api.get('/documents', DocumentListDocumentSchema, {
          params: { [`filter[${kind}_id]`]: id, 'page[size]': 50 },
          signal,
        }),
    }),
}
