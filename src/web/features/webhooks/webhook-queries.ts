import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { WEBHOOK_NOTIFICATION_LIST } from '../../../contract/webhook-notification-list-query'
import { type WebhookTrigger, WebhookTriggerResultSchema } from '../../../contract/webhook-trigger'
import {
  type WebhookCreate,
  WebhookDocumentSchema,
  WebhookEventCategoryListDocumentSchema,
  WebhookHealthListDocumentSchema,
  WebhookListDocumentSchema,
  WebhookNotificationDocumentSchema,
  WebhookNotificationListDocumentSchema,
  type WebhookPatch,
  WebhookPayloadSchema,
  WebhookRedeliveryResultSchema,
} from '../../../contract/webhooks'
import { api } from '../../api/api-client'
import { readTableState } from '../../components/data-table/use-table-url-state'
import { apiFilters, type FilterValues, filterValuesFrom } from '../../components/filters/list-url'

export type DeliveryLogParams = { filters: FilterValues; page: number; size: number }

/** The delivery log's view in the URL: the contract's status and event kind, page and size. */
export const DELIVERY_VIEW = {
  sortFields: [],
  filters: Object.keys(WEBHOOK_NOTIFICATION_LIST.filters),
  page: WEBHOOK_NOTIFICATION_LIST.page,
}

/** The log's filters from the URL; one webhook's log names it in the path. */
export function deliveryLogParamsFrom(search: URLSearchParams, webhookId?: string): DeliveryLogParams {
  const { page, size } = readTableState(search, DELIVERY_VIEW)
  return {
    filters: { ...filterValuesFrom(WEBHOOK_NOTIFICATION_LIST, search), webhook: webhookId },
    page,
    size,
  }
}

/** A live view: often while a delivery is in flight, now and then otherwise. */
const whilePending = (rows: { attributes: { delivery_status?: string | null } }[] | undefined) =>
  rows?.some((row) => row.attributes.delivery_status === 'pending') ? 3_000 : 15_000

export const webhookQueries = {
  all: () => ['webhooks'] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'list'],
      queryFn: ({ signal }) =>
        api.get('/webhooks', WebhookListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
  health: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'health'],
      queryFn: ({ signal }) => api.get('/webhooks/health', WebhookHealthListDocumentSchema, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'detail', id],
      queryFn: ({ signal }) => api.get(`/webhooks/${id}`, WebhookDocumentSchema, { signal }),
    }),
  events: () =>
    queryOptions({
      queryKey: ['webhook-events'],
      queryFn: ({ signal }) =>
        api.get('/webhooks/events', WebhookEventCategoryListDocumentSchema, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  deliveries: (params: DeliveryLogParams) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', params],
      queryFn: ({ signal }) =>
        api.get('/webhook_notifications', WebhookNotificationListDocumentSchema, {
          params: {
            ...apiFilters(WEBHOOK_NOTIFICATION_LIST, params.filters),
            'page[number]': params.page,
            'page[size]': params.size,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => whilePending(query.state.data?.data),
    }),
  notification: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'notification', id],
      queryFn: ({ signal }) =>
        api.get(`/webhook_notifications/${id}`, WebhookNotificationDocumentSchema, {
          include: ['webhook_notification_logs'],
          signal,
        }),
      refetchInterval: (query) => whilePending(query.state.data ? [query.state.data.data] : undefined),
    }),
  payload: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'payload', id],
      queryFn: ({ signal }) =>
        api.get(`/webhook_notifications/${id}/payload`, WebhookPayloadSchema, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

export const webhookApi = {
  create: (body: WebhookCreate) => api.post('/webhooks', body, WebhookDocumentSchema),
  update: (id: string, body: WebhookPatch) => api.patch(`/webhooks/${id}`, body, WebhookDocumentSchema),
  remove: (id: string) => api.delete(`/webhooks/${id}`),
  rotate: (id: string) => api.post(`/webhooks/${id}/rotate_secret`, undefined, WebhookDocumentSchema),
  redeliver: (notificationId: string) =>
    api.post(
      `/webhook_notifications/${notificationId}/redeliver`,
      undefined,
      WebhookNotificationDocumentSchema,
    ),
  redeliverFailed: (id: string, range: { from?: string; to?: string }) =>
    api.post(`/webhooks/${id}/redeliver`, range, WebhookRedeliveryResultSchema),
  trigger: (body: WebhookTrigger) => api.post('/webhooks/trigger', body, WebhookTriggerResultSchema),
}
