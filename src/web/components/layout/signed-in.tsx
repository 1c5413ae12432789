import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { sessionQuery } from '../../api/session'

/**
 * Pages for a signed-in browser. They wait for the session, whose answer sets the cookie every API request
 * needs (a demo visitor's first visit starts the session then); it is asked once a page load, so only a
 * first paint waits. A browser that turns out not to be signed in goes to the sign-in page.
 */
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
