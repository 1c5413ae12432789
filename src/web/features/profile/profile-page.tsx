import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ROLE_LABELS, type Role } from '../../../contract/people'
import { ApiError } from '../../api/api-error'
import { sessionClient } from '../../api/session'
import { useWriteAccess } from '../../components/access/write-access'
import { useFeatureSlot } from '../../components/layout/feature-slots'
import { ApiKeysSection } from './api-keys-section'
import { NameForm } from './name-form'
import { PasswordForm } from './password-form'
import { profileQueries } from './profile-queries'

function SignOutEverywhere() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const leave = async () => {
    setLeaving(true)
    await sessionClient.signOutEverywhere().catch(() => undefined)
    queryClient.clear()
    navigate('/sign-in')
  }
  return (
    <button type="button" className="secondary" onClick={leave} disabled={leaving}>
      {leaving ? 'Signing out…' : 'Sign out everywhere'}
    </button>
  )
}

/** Your own things: any role may change them, except while viewing as someone or in a read-only demo. */
export function ProfilePage() {
  const me = useQuery({ ...profileQueries.me(), retry: false })
  const { reason } = useWriteAccess('customer')
  const PasskeysSection = useFeatureSlot('PasskeysSection')
  const unavailable = reason ? `Not available: ${reason}` : undefined
  const noPerson = me.error instanceof ApiError && me.error.status === 404
  if (me.error && !noPerson) throw me.error
  const user = me.data?.data
  const role = (user?.attributes.role ?? 'viewer') as Role
  return (
    <section aria-labelledby="profile-title" className="form-page">
      <p>
        <Link to="/settings">Settings</Link>
      </p>
      <h1 id="profile-title">Your profile</h1>
      {noPerson ? (
        <p>
          You signed in with an account API key, so there is no person to show. Sign in with your email to see
          your profile.
        </p>
      ) : !user ? (
        <p aria-busy="true">Loading your profile…</p>
      ) : (
        <>
          <p>
            {user.attributes.email}: {ROLE_LABELS[role]}
            {user.attributes.party_name ? ` of ${user.attributes.party_name}` : ''}.
          </p>
          <h2>Name and time zone</h2>
          <NameForm user={user} unavailable={unavailable} />
          <h2>Password</h2>
          <PasswordForm hasPassword={Boolean(user.attributes.has_password)} unavailable={unavailable} />
          {PasskeysSection ? (
            <Suspense fallback={null}>
              <PasskeysSection />
            </Suspense>
          ) : null}
          <h2>Your API keys</h2>
          <ApiKeysSection userId={user.id} myRole={role} unavailable={unavailable} />
          <h2>Sessions</h2>
          <p>Signs you out in every browser and ends every session key, this one included.</p>
          <SignOutEverywhere />
        </>
      )}
    </section>
  )
}
