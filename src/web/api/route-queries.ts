import { queryOptions } from '@tanstack/react-query'
import { ContainerRouteDocumentSchema } from '../../contract/container-route'
import { api } from './api-client'

export const routeQueries = {
  all: () => ['containers', 'route'] as const,
  container: (containerId: string) =>
    queryOptions({
      queryKey: [...routeQueries.all(), containerId],
      queryFn: ({ signal }) =>
        api.get(`/containers/${containerId}/route`, ContainerRouteDocumentSchema, { signal }),
      staleTime: 5 * 60_000,
      // a container with no voyage yet answers 422: not worth asking again
      retry: false,
    }),
}
