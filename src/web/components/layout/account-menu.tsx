import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router-dom'
import { ROLE_LABELS } from '../../../contract/roles'
import type { Session } from '../../../contract/session'
import { sessionClient } from '../../api/session'

/** A public demo has nobody to sign out. */
export function AccountMenu({ session }: { session?: Session }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const leave = async (everywhere: boolean) => {
    setLeaving(true)
    const done = everywhere ? sessionClient.signOutEverywhere() : sessionClient.signOut()
    await done.catch(() => undefined)
    queryClient.clear()
    navigate('/sign-in')
  }
  const user = session?.user
  return (
    <div className="account-menu">
      {session?.demo ? (
        <span className="badge badge-demo">
          Demo<span className="visually-hidden">: shared demo data, not a real account</span>
        </span>
      ) : null}
      {session?.access === 'read-only' ? <span className="badge">Read-only</span> : null}
      {user ? (
        <details className="user-menu">
          <summary>
            {session.viewingAs ? (
              <>
                Viewing as {session.viewingAs.name}{' '}
                <span className="muted small">{ROLE_LABELS[session.viewingAs.role]}</span>
              </>
            ) : (
              <>
                {user.name} <span className="muted small">{ROLE_LABELS[user.role]}</span>
              </>
            )}
          </summary>
          <ul>
            <li>
              <Link to="/settings/profile">Profile</Link>
            </li>
            <li>
              <NavLink to="/account">Account</NavLink>
            </li>
            {session.demo ? null : (
              <>
                <li>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => leave(false)}
                    disabled={leaving}
                  >
                    {leaving ? 'Signing out…' : 'Sign out'}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => leave(true)}
                    disabled={leaving}
                  >
                    Sign out everywhere
                  </button>
                </li>
              </>
            )}
          </ul>
        </details>
      ) : (
        <>
          <NavLink to="/account">Account</NavLink>
          {session && !session.demo ? (
            <button type="button" className="secondary" onClick={() => leave(false)} disabled={leaving}>
              {leaving ? 'Signing out…' : 'Sign out'}
            </button>
          ) : null}
        </>
      )}
    </div>
  )
}
