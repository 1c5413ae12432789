import { Suspense } from 'react'
import { lazyOr } from '../lazy-or'
import type { RouteErrorProps } from './route-error-panel'

/** When the full panel cannot load (offline, or a new release replaced the files). */
function ErrorInGeneral({ error }: RouteErrorProps) {
  return (
    <section className="error-panel" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      {error instanceof Error ? <p>{error.message}</p> : null}
      <p className="error-actions">
        <button type="button" onClick={() => window.location.reload()}>
          Retry
        </button>
      </p>
    </section>
  )
}

// the panel loads with the first error, not with every page
const RouteErrorPanel = lazyOr(
  async () => (await import('./route-error-panel')).RouteErrorPanel,
  ErrorInGeneral,
)

export function RouteError(props: RouteErrorProps) {
  return (
    <Suspense fallback={null}>
      <RouteErrorPanel {...props} />
    </Suspense>
  )
}
