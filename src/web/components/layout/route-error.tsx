import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query'
import {
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from 'react-router-dom'
import { ApiError, NetworkError, ResponseShapeError } from '../../api/api-error'

type Explained = { title: string; details: { text: string; field?: string }[] }

/** Any failure as a title and details a person can act on. */
export function explain(error: unknown): Explained {
  if (error instanceof ApiError) {
    const title =
      error.status === 404
        ? 'Not found'
        : error.status === 401
          ? 'Please sign in again'
          : error.status === 403
            ? "You don't have access to this"
            : error.status >= 500
              ? `The server had a problem (${error.status}): ${error.problems[0]?.title}`
              : `The server said: ${error.problems[0]?.title}`
    return {
      title,
      details: error.problems.map((p) => ({ text: p.detail ?? p.title, field: ApiError.fieldOf(p) })),
    }
  }
  if (error instanceof ResponseShapeError)
    return { title: "The server's answer could not be read", details: [{ text: error.message }] }
  if (error instanceof NetworkError)
    return { title: "Couldn't reach the server", details: [{ text: error.message }] }
  if (isRouteErrorResponse(error))
    return {
      title: error.status === 404 ? 'Page not found' : error.statusText || 'Something went wrong',
      details: [],
    }
  return { title: 'Something went wrong', details: error instanceof Error ? [{ text: error.message }] : [] }
}

/** Every route's error boundary: the failure in plain words, with a Retry that fetches again. */
export function RouteError() {
  const error = useRouteError()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const queryClient = useQueryClient()
  const { reset } = useQueryErrorResetBoundary()
  // failed queries start afresh, and a new history entry for the same address re-runs the loaders and
  // clears the boundary (a revalidation alone can finish too fast for the boundary to notice)
  const retry = async () => {
    await queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' })
    reset()
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: { retry: Date.now() },
    })
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
        <button type="button" onClick={retry} disabled={navigation.state !== 'idle'}>
          {navigation.state !== 'idle' ? 'Retrying…' : 'Retry'}
        </button>
        {error instanceof ApiError && error.status === 401 ? <Link to="/sign-in">Sign in</Link> : null}
        <Link to="/shipments">Go to shipments</Link>
      </p>
    </section>
  )
}
