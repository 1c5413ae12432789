import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { sessionQuery } from '../../api/session'

/**
 * Pages for a signed-in browser. They render at once, their data on its way, while the session is asked
 * for; a browser that turns out not to be signed in goes to the sign-in page.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { data } = useQuery(sessionQuery)
  if (data && !data.signedIn) return <Navigate to="/sign-in" replace />
  return children
}
