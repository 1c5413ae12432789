import { lazy, Suspense } from 'react'
import { RouteMapPlaceholder } from './route-map-placeholder'

const RouteMiniMap = lazy(async () => ({ default: (await import('./route-mini-map')).RouteMiniMap }))

/** So the page itself stays small. */
export function LazyRouteMiniMap({ containerId }: { containerId: string }) {
  return (
    <section aria-labelledby="route-map-title">
      <h2 id="route-map-title">Voyage map</h2>
      <Suspense fallback={<RouteMapPlaceholder />}>
        <RouteMiniMap containerId={containerId} />
      </Suspense>
    </section>
  )
}
