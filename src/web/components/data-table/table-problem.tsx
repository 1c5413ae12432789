import { explain } from '../layout/explain-error'

/** It takes the table's place, not the page's. */
export function TableProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, details } = explain(error)
  return (
    <div className="error-panel" role="alert">
      <h2>{title}</h2>
      {details.map((detail) => (
        <p key={`${detail.field}-${detail.text}`}>{detail.text}</p>
      ))}
      {onRetry ? (
        <p className="error-actions">
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </p>
      ) : null}
    </div>
  )
}
