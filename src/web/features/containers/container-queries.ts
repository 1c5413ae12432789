import { queryOptions } from '@tanstack/react-query'
import { ContainerDocumentSchema } from '../../../contract/containers'
import { RawEventListDocumentSchema } from '../../../contract/raw-events'
import { api } from '../../api/api-client'

export const containerQueries = {
  all: () => ['containers'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...containerQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/containers/${id}`, ContainerDocumentSchema, {
          include: [
            'shipment',
            'pod_terminal',
            'trucker',
            'transport_events',
            'transport_events.location',
            'transport_events.vessel',
            'transport_events.terminal',
          ],
          signal,
        }),
    }),
  rawEvents: (id: string) =>
    queryOptions({
      queryKey: [...containerQueries.all(), 'detail', id, 'raw-events'],
      queryFn: ({ signal }) =>
        api.get(`/containers/${id}/raw_events`, RawEventListDocumentSchema, { signal }),
    }),
}
