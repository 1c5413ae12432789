import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom'
import { ApiError, NetworkError, ResponseShapeError } from '../../api/api-error'

/** Every route's error boundary: the failure in plain words, with a Retry that refetches. */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const { reset } = useQueryErrorResetBoundary()
  const retry = () => {
    reset()
    navigate(0)
  }
  let title = 'Something went wrong'
  let details: { text: string; field?: string }[] = []
  if (error instanceof ApiError) {
    title =
      error.status === 404
        ? 'Not found'
        : error.status === 401
          ? 'Please sign in again'
          : `The server said: ${error.problems[0]?.title}`
    details = error.problems.map((p) => ({ text: p.detail ?? p.title, field: ApiError.fieldOf(p) }))
  } else if (error instanceof ResponseShapeError) {
    title = "The server's answer could not be read"
    details = [{ text: error.message }]
  } else if (error instanceof NetworkError) {
    title = "Couldn't reach the server"
    details = [{ text: error.message }]
  } else if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? 'Page not found' : error.statusText
  } else if (error instanceof Error) {
    details = [{ text: error.message }]
  }
  return (
    <section className="error-panel" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{title}</h1>
      {details.map((detail) => (
        <p key={`${detail.field}-${detail.text}`}>
          {detail.text}
          {detail.field ? <span className="muted"> (field: {detail.field})</span> : null}
        </p>
      ))}
      <button type="button" onClick={retry}>
        Retry
      </button>
    </section>
  )
}
