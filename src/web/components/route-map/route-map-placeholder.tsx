import './route-map-placeholder.css'

/** As tall as the map will be, so nothing below it moves when it arrives. */
export function RouteMapPlaceholder() {
  return (
    <div className="route-mini-map" aria-busy="true">
      <div className="route-mini-map-frame" />
      <p className="route-mini-map-caption muted">Loading the route map…</p>
    </div>
  )
}
