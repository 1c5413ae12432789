import { queryOptions } from '@tanstack/react-query'
import {
  AlertRuleDocumentSchema,
  type AlertRuleInput,
  AlertRuleListDocumentSchema,
  AlertRulePreviewSchema,
} from '../../../contract/alerts'
import { ContainerListDocumentSchema } from '../../../contract/containers'
import { UserListDocumentSchema } from '../../../contract/people'
import { api } from '../../api/api-client'

export const alertRuleQueries = {
  all: () => ['alert-rules'] as const,
  list: () =>
    queryOptions({
      queryKey: [...alertRuleQueries.all(), 'list'],
      queryFn: ({ signal }) =>
        api.get('/alert_rules', AlertRuleListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
  /** The same body gives the same answer, so a form typed back to a value it had asks nothing new. */
  preview: (attributes: AlertRuleInput) =>
    queryOptions({
      queryKey: [...alertRuleQueries.all(), 'preview', attributes],
      queryFn: ({ signal }) =>
        api.post(
          '/alert_rules/preview',
          { data: { type: 'alert_rule', attributes } },
          AlertRulePreviewSchema,
          {
            signal,
          },
        ),
      staleTime: 60_000,
      retry: false,
    }),
  /** The account's people, under the people page's own key, so both share one copy. */
  people: () =>
    queryOptions({
      queryKey: ['people', 'users'],
      queryFn: ({ signal }) =>
        api.get('/users', UserListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
  /** No list of terminals exists: the ones the account's containers are discharged at are the choices. */
  terminals: () =>
    queryOptions({
      queryKey: ['alert-terminals'],
      queryFn: async ({ signal }) => {
        const document = await api.get('/containers', ContainerListDocumentSchema, {
          include: ['pod_terminal'],
          params: { 'page[size]': 100 },
          signal,
        })
        const terminals = (document.included ?? []).filter((r) => r.type === 'terminal')
        return terminals
          .map((t) => ({ id: t.id, name: String(t.attributes?.name ?? t.id) }))
          .sort((a, b) => a.name.localeCompare(b.name))
      },
      staleTime: 5 * 60_000,
    }),
}

export const alertRuleApi = {
  create: (attributes: AlertRuleInput) =>
    api.post('/alert_rules', { data: { type: 'alert_rule', attributes } }, AlertRuleDocumentSchema),
  update: (id: string, attributes: Partial<AlertRuleInput>) =>
    api.patch(
      `/alert_rules/${id}`,
      { data: { type: 'alert_rule', id, attributes } },
      AlertRuleDocumentSchema,
    ),
  remove: (id: string) => api.delete(`/alert_rules/${id}`),
}
