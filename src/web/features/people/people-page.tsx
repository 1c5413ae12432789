import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { Invitation, User } from '../../../contract/people'
import { sessionQuery } from '../../api/session'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { DataTable } from '../../components/data-table/data-table'
import { CopyValue } from '../../components/form/copy-value'
import { InvitationsTable } from './invitations-table'
import { InviteForm } from './invite-form'
import { peopleColumns } from './people-columns'
import { peopleQueries } from './people-queries'
import { PersonActions, personName } from './person-actions'

type Shown = { title: string; label: string; url: string }

export function PeoplePage() {
  const me = useQuery(sessionQuery).data?.user
  const { canWrite, reason, role } = useWriteAccess('admin')
  const users = useQuery(peopleQueries.users())
  const [shown, setShown] = useState<Shown>()
  const onInvited = (invitation: Invitation) =>
    setShown({
      title: `${invitation.attributes.email} is invited`,
      label: 'Invitation link',
      url: invitation.attributes.accept_url ?? '',
    })
  const onResetLink = (user: User, url: string) =>
    setShown({ title: `A reset link for ${personName(user)}`, label: 'Password reset link', url })
  const columns = peopleColumns({
    myRole: role,
    canManage: canWrite,
    actions: (user) => (
      <PersonActions user={user} isMe={user.id === me?.id} canManage={canWrite} onResetLink={onResetLink} />
    ),
  })
  return (
    <section aria-labelledby="people-title" className="form-page">
      <p>
        <Link to="/settings">Settings</Link>
      </p>
      <h1 id="people-title">People</h1>
      <p className="muted">
        Who can sign in to this account, and what each may do: an owner everything, an admin people, webhooks,
        embeds and the connection, an operator everyday changes, a viewer reads, and a customer reads one
        party's shipments.
      </p>
      <ReadOnlyNotice least="admin" action="Inviting, changing roles and removing people" />
      <h2>Invite someone</h2>
      <InviteForm
        myRole={role}
        unavailable={canWrite ? undefined : `Not available: ${reason}`}
        onInvited={onInvited}
      />
      {shown ? (
        <div className="answer answer-good" role="status">
          <p className="answer-headline">{shown.title}</p>
          <p>No email is sent yet: copy the link and send it yourself. It is shown only this once.</p>
          <CopyValue label={shown.label} value={shown.url} />
        </div>
      ) : null}
      <h2>People</h2>
      <DataTable
        label="People"
        columns={columns}
        rows={users.data?.data}
        rowId={(u) => u.id}
        error={users.error}
        onRetry={() => void users.refetch()}
        empty={{ title: 'Nobody signs in yet', hint: 'Invite someone above.' }}
      />
      <h2>Pending invitations</h2>
      <InvitationsTable canManage={canWrite} />
    </section>
  )
}
