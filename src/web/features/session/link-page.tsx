import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { linkProblem } from './link-words'

const QUERY_NAMES = { invitation: 'invitation', reset: 'password-reset' } as const

type LinkPageProps<T> = {
  title: string
  kind: 'invitation' | 'reset'
  read: (token: string) => Promise<T>
  reading: string
  children: (data: T, token: string) => ReactNode
}

/** A page opened from a one-time link: what the link offers, or in words why it cannot be used. */
export function LinkPage<T>({ title, kind, read, reading, children }: LinkPageProps<T>) {
  const { token = '' } = useParams()
  const link = useQuery({ queryKey: [QUERY_NAMES[kind], token], queryFn: () => read(token), retry: false })
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
