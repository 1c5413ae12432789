import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { ApiError } from '../../api/api-error'
import { explain, isChunkLoadError } from './explain-error'

export type RouteErrorProps = { error: unknown; retry: () => void }

export function RouteErrorPanel({ error, retry }: RouteErrorProps) {
  const queryClient = useQueryClient()
  const { reset } = useQueryErrorResetBoundary()
  const [retrying, setRetrying] = useState(false)
  const again = async () => {
    if (isChunkLoadError(error)) return window.location.reload()
    setRetrying(true)
    await queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' })
    reset()
    retry()
  }
  const { title, details } = explain(error)
  return (
    <section className="error-panel" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{title}</h1>
      {details.map((detail) => (
        <p key={`${detail.field}-${detail.text}`}>
          {detail.text}
          {detail.field ? <span className="muted"> (field: {detail.field})</span> : null}
        </p>
      ))}
      <p className="error-actions">
        <button type="button" onClick={again} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
        {error instanceof ApiError && error.status === 401 ? <Link to="/sign-in">Sign in</Link> : null}
        <Link to="/">Go to the board</Link>
      </p>
    </section>
  )
}
