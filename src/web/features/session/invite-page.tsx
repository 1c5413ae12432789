import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { ROLE_LABELS, type Role } from '../../../contract/people'
import { type InvitationPreview, personSession } from '../../api/person-session'
import { Time } from '../../components/time/time'
import { AcceptForm } from './accept-form'
import { linkProblem } from './link-words'

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
  const { token = '' } = useParams()
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => personSession.invitation(token),
    retry: false,
  })
  const problem = linkProblem(invitation.error, 'invitation')
  if (invitation.error && !problem) throw invitation.error
  return (
    <main id="main" className="sign-in">
      <h1>Join Quayside</h1>
      {problem ? (
        <>
          <p className="error-panel" role="alert">
            {problem}
          </p>
          <p>
            <Link to="/sign-in">Go to sign-in</Link>
          </p>
        </>
      ) : invitation.data ? (
        <>
          <Invited invitation={invitation.data} />
          <AcceptForm token={token} invitation={invitation.data} />
        </>
      ) : (
        <p aria-busy="true">Reading the invitation…</p>
      )}
    </main>
  )
}
