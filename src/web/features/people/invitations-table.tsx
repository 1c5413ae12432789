import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Invitation, ROLE_LABELS, type Role } from '../../../contract/people'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { showToast } from '../../components/toast/toasts'
import { peopleApi, peopleQueries } from './people-queries'

const pending = (invitation: Invitation) =>
  (invitation.attributes.state ?? 'pending') === 'pending' && !invitation.attributes.revoked_at

export function InvitationsTable({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient()
  const invitations = useQuery(peopleQueries.invitations())
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => peopleApi.revokeInvitation(invitation.id),
    onSuccess: (_, invitation) =>
      showToast({ tone: 'done', text: `The invitation to ${invitation.attributes.email} is withdrawn.` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueries.all() }),
  })
  const columns: DataColumn<Invitation>[] = [
    { id: 'email', header: 'Email', cell: (i) => i.attributes.email ?? '—', phone: 'title', width: 12 },
    {
      id: 'role',
      header: 'Role',
      cell: (i) => ROLE_LABELS[i.attributes.role as Role] ?? i.attributes.role ?? '—',
      width: 7,
    },
    { id: 'by', header: 'Invited by', cell: (i) => i.attributes.invited_by_name ?? '—', width: 9 },
    {
      id: 'expires',
      header: 'Works until',
      cell: (i) => <Time value={i.attributes.expires_at} />,
      width: 10,
    },
    {
      id: 'revoke',
      header: 'Actions',
      cell: (i) =>
        canManage ? (
          <button
            type="button"
            className="secondary"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(i)}
          >
            Revoke<span className="visually-hidden"> the invitation to {i.attributes.email}</span>
          </button>
        ) : null,
      width: 8,
    },
  ]
  return (
    <DataTable
      label="Pending invitations"
      columns={columns}
      rows={invitations.data?.data.filter(pending)}
      rowId={(i) => i.id}
      error={invitations.error}
      onRetry={() => void invitations.refetch()}
      empty={{
        title: 'No pending invitations',
        hint: 'Invite someone above; their link shows here until used.',
      }}
    />
  )
}
