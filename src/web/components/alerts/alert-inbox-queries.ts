import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { type Alert, AlertInboxDocumentSchema } from '../../../contract/alerts'
import { api } from '../../api/api-client'
import { ALERTS_KEY } from './alert-bell-query'

export type AlertListParams = { unread: boolean; page: number; size: number }

/** What the answers carry is not read: the lists are fetched again. */
const Answer = z.unknown()

export const alertInboxQueries = {
  all: () => ALERTS_KEY,
  list: (params: AlertListParams) =>
    queryOptions({
      queryKey: [...alertInboxQueries.all(), 'list', params],
      queryFn: ({ signal }) =>
        api.get('/alerts', AlertInboxDocumentSchema, {
          params: {
            ...(params.unread ? { 'filter[unread]': 'true' } : {}),
            'page[number]': params.page,
            'page[size]': params.size,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: 30_000,
    }),
}

export const alertInboxApi = {
  markRead: (id: string) => api.post(`/alerts/${id}/read`, undefined, Answer),
  readAll: () => api.post('/alerts/read_all', undefined, Answer),
}

const idOf = (alert: Alert, name: 'container' | 'shipment' | 'document' | 'tracking_request') =>
  alert.relationships?.[name]?.data?.id

/** Where opening an alert leads: the container, else the document or tracking request it is about. */
export function alertDestination(alert: Alert) {
  const container = idOf(alert, 'container')
  if (container) return `/containers/${container}`
  const document = idOf(alert, 'document')
  if (document) return `/documents/${document}`
  const request = idOf(alert, 'tracking_request')
  if (request) return `/tracking-requests/${request}`
  const shipment = idOf(alert, 'shipment')
  if (shipment) return `/shipments/${shipment}`
  return '/alerts'
}
