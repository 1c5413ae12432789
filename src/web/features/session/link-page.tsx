import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { linkProblem } from './link-words'

const LINKS = {
  invitation: { title: 'Join Quayside', query: 'invitation', reading: 'Reading the invitation…' },
  reset: { title: 'Choose a new password', query: 'password-reset', reading: 'Reading the link…' },
}

type LinkPageProps<T> = {
  kind: keyof typeof LINKS
  read: (token: string) => Promise<T>
  children: (data: T, token: string) => ReactNode
}

/** A page opened from a one-time link: what the link offers, or in words why it cannot be used. */
export function LinkPage<T>({ kind, read, children }: LinkPageProps<T>) {
  const { token = '' } = useParams()
  const { title, query, reading } = LINKS[kind]
  const link = useQuery({ queryKey: [query, token], queryFn: () => read(token), retry: false })
  const problem = linkProblem(link.error, kind)
  if (link.error && !problem) throw link.error
  return (
    <main id="main" className="sign-in">
      <h1>{title}</h1>
      {problem ? (
        <>
          <p className="error-panel" role="alert">
            {problem}
          </p>
          <p>
            <Link to="/sign-in">Go to sign-in</Link>
          </p>
        </>
      ) : link.data ? (
        children(link.data, token)
      ) : (
        <p aria-busy="true">{reading}</p>
      )}
    </main>
  )
}
