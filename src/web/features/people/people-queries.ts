import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  InvitationDocumentSchema,
  InvitationListDocumentSchema,
  type Role,
  UserDocumentSchema,
  UserListDocumentSchema,
} from '../../../contract/people'
import { api } from '../../api/api-client'
import { personSession } from '../../api/person-session'

const ResetDocumentSchema = z.looseObject({
  data: z.looseObject({
    attributes: z.looseObject({ reset_url: z.string(), expires_at: z.nullish(z.string()) }),
  }),
})

export const peopleQueries = {
  all: () => ['people'] as const,
  users: () =>
    queryOptions({
      queryKey: [...peopleQueries.all(), 'users'],
      queryFn: ({ signal }) =>
        api.get('/users', UserListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
  invitations: () =>
    queryOptions({
      queryKey: [...peopleQueries.all(), 'invitations'],
      queryFn: ({ signal }) =>
        api.get('/invitations', InvitationListDocumentSchema, { params: { 'page[size]': 100 }, signal }),
    }),
}

export type InviteInput = { email: string; role: Role; party_id?: string }

export const peopleApi = {
  /** A customer needs the party whose shipments they see. */
  setRole: (id: string, role: Role, partyId?: string) =>
    api.patch(
      `/users/${id}`,
      {
        data: {
          type: 'user',
          id,
          attributes: { role, ...(role === 'customer' ? { party_id: partyId } : {}) },
        },
      },
      UserDocumentSchema,
    ),
  remove: (id: string) => api.delete(`/users/${id}`),
  invite: (attributes: InviteInput) =>
    api.post('/invitations', { data: { type: 'invitation', attributes } }, InvitationDocumentSchema),
  revokeInvitation: (id: string) => api.post(`/invitations/${id}/revoke`, {}, InvitationDocumentSchema),
  resetLink: (id: string) => api.post(`/users/${id}/password_reset`, {}, ResetDocumentSchema),
  viewAs: (id: string) => personSession.viewAs(id),
}
