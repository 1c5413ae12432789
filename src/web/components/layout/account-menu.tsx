import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { NavLink, useNavigate } from 'react-router-dom'
import type { Session } from '../../../contract/session'
import { sessionClient } from '../../api/session'

/** A public demo has nobody to sign out. */
export function AccountMenu({ session }: { session?: Session }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const signOut = async () => {
    setLeaving(true)
    await sessionClient.signOut().catch(() => undefined)
    queryClient.clear()
    navigate('/sign-in')
  }
  return (
    <div className="account-menu">
      {session?.demo ? (
        <span className="badge badge-demo">
          Demo<span className="visually-hidden">: shared demo data, not a real account</span>
        </span>
      ) : null}
      {session?.access === 'read-only' ? <span className="badge">Read-only</span> : null}
      <NavLink to="/account">Account</NavLink>
      {session && !session.demo ? (
        <button type="button" className="secondary" onClick={signOut} disabled={leaving}>
          {leaving ? 'Signing out…' : 'Sign out'}
        </button>
      ) : null}
    </div>
  )
}
