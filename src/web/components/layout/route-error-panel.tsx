import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router-dom'
import { ApiError } from '../../api/api-error'
import { explain } from './explain-error'

/** The failure in plain words, with a Retry that fetches again. */
export function RouteErrorPanel() {
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
