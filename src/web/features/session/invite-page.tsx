import { ROLE_LABELS, type Role } from '../../../contract/people'
import { type InvitationPreview, personSession } from '../../api/person-session'
import { Time } from '../../components/time/time'
import { AcceptForm } from './accept-form'
import { LinkPage } from './link-page'

function Invited({ invitation }: { invitation: InvitationPreview }) {
  const role = ROLE_LABELS[invitation.role as Role] ?? invitation.role
  return (
    <p>
      {invitation.invited_by_name ? `${invitation.invited_by_name} invited you` : 'You are invited'} to{' '}
      <strong>{invitation.account_name ?? 'a Quayside account'}</strong> as{' '}
      <strong>{role.toLowerCase()}</strong>, signing in as <strong>{invitation.email}</strong>.
      {invitation.expires_at ? (
        <>
          {' '}
          The invitation works until <Time value={invitation.expires_at} />.
        </>
      ) : null}
    </p>
  )
}

/** Opened from the link an admin copied; nobody is signed in yet. */
export function InvitePage() {
  return (
    <LinkPage kind="invitation" read={personSession.invitation}>
      {(invitation, token) => (
        <>
          <Invited invitation={invitation} />
          <AcceptForm token={token} invitation={invitation} />
        </>
      )}
    </LinkPage>
  )
}
