import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { sessionQuery } from '../../api/session'

/** The session answer sets the cookie every API request needs, so they wait for it (only a first paint). */
export function SignedIn({ children }: { children: ReactNode }) {
  const { data, error } = useQuery(sessionQuery)
  if (data && !data.signedIn) return <Navigate to="/sign-in" replace />
  if (data || error) return children
  return (
    <p className="visually-hidden" role="status">
      Signing in…
    </p>
  )
}
