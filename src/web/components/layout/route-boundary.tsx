import { Component, type ReactNode, Suspense } from 'react'
import { useLocation } from 'react-router-dom'
import { RouteError } from './route-error'

type Props = { resetKey: string; children: ReactNode }
type State = { failure?: { error: unknown } }

/** Moving to another address clears it. */
class PageErrorBoundary extends Component<Props, State> {
  state: State = {}
  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } }
  }
  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failure) this.setState({ failure: undefined })
  }
  render() {
    const { failure } = this.state
    if (!failure) return this.props.children
    return <RouteError error={failure.error} retry={() => this.setState({ failure: undefined })} />
  }
}

/** Never a blank page. */
function PageLoading() {
  return (
    <p className="page-loading" aria-busy="true">
      Loading…
    </p>
  )
}

/** Any failure shows as a panel with a Retry instead of a blank page or an endless wait. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  return (
    <PageErrorBoundary resetKey={`${pathname}${search}`}>
      <Suspense key={pathname} fallback={<PageLoading />}>
        {children}
      </Suspense>
    </PageErrorBoundary>
  )
}
