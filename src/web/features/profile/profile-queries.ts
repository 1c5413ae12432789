import { queryOptions } from '@tanstack/react-query'
import {
  ApiKeyDocumentSchema,
  ApiKeyListDocumentSchema,
  type Role,
  UserDocumentSchema,
} from '../../../contract/people'
import { api } from '../../api/api-client'

export const profileQueries = {
  all: () => ['profile'] as const,
  me: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'me'],
      queryFn: ({ signal }) => api.get('/users/me', UserDocumentSchema, { signal }),
    }),
  keys: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'keys'],
      queryFn: ({ signal }) =>
        api.get('/api_keys', ApiKeyListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
}

export type NameAndZone = { first_name: string; last_name: string | null; time_zone: string }

export const profileApi = {
  // one's own, whatever one's role: /users/:id is an admin's
  update: (attributes: NameAndZone) =>
    api.patch('/users/me', { data: { type: 'user', attributes } }, UserDocumentSchema),
  createKey: (name: string, role: Role) =>
    api.post('/api_keys', { data: { type: 'api_key', attributes: { name, role } } }, ApiKeyDocumentSchema),
  revokeKey: (id: string) => api.post(`/api_keys/${id}/revoke`, {}, ApiKeyDocumentSchema),
}
