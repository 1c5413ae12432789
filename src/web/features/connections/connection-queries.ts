import { queryOptions } from '@tanstack/react-query'
import {
  UpstreamConnectionDocumentSchema,
  UpstreamConnectionListDocumentSchema,
} from '../../../contract/upstream-connections'
import { api } from '../../api/api-client'

export const connectionQueries = {
  all: () => ['upstream-connections'] as const,
  list: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'list'],
      queryFn: ({ signal }) =>
        api.get('/upstream_connections', UpstreamConnectionListDocumentSchema, { signal }),
      refetchInterval: 3_000,
    }),
}

export const connectionApi = {
  connect: (apiKey: string, baseUrl: string) =>
    api.post(
      '/upstream_connections',
      { data: { type: 'upstream_connection', attributes: { api_key: apiKey, base_url: baseUrl } } },
      UpstreamConnectionDocumentSchema,
    ),
  replaceKey: (id: string, apiKey: string) =>
    api.patch(
      `/upstream_connections/${id}`,
      { data: { id, type: 'upstream_connection', attributes: { api_key: apiKey } } },
      UpstreamConnectionDocumentSchema,
    ),
  disconnect: (id: string) => api.delete(`/upstream_connections/${id}`),
}
