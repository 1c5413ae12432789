import './route-mini-map.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { routeQueries } from '../../api/route-queries'
import { explain } from '../layout/explain-error'
import { type Atlas, loadAtlas } from './atlas'
import { pathOf, routeShapes } from './route-geometry'
import { RouteMapPlaceholder } from './route-map-placeholder'
import { RouteSvg } from './route-svg'

const landPath = (atlas: Atlas) =>
  atlas.land.map((polygon) => polygon.map((ring) => `${pathOf(ring)}Z`).join('')).join('')

function useLandPath() {
  const [atlas, setAtlas] = useState<Atlas>()
  useEffect(() => {
    let live = true
    void loadAtlas().then((loaded) => live && setAtlas(loaded))
    return () => {
      live = false
    }
  }, [])
  return useMemo(() => (atlas ? landPath(atlas) : ''), [atlas])
}

/** Drawn in longitude and latitude, so what is drawn is the route. */
export function RouteMiniMap({ containerId }: { containerId: string }) {
  const query = useQuery(routeQueries.container(containerId))
  const route = query.data?.data.attributes
  const shapes = useMemo(() => (route ? routeShapes(route) : undefined), [route])
  const land = useLandPath()
  if (query.isPending) return <RouteMapPlaceholder />
  if (query.isError)
    return (
      <p className="field-error" role="alert">
        The route map could not be loaded: {explain(query.error).title}
      </p>
    )
  if (!shapes || !route || route.ports.length === 0)
    return <p className="muted">No voyage is known for this container yet.</p>
  return (
    <figure className="route-mini-map">
      <RouteSvg
        shapes={shapes}
        land={land}
        label={`Route from ${route.ports[0]?.name} to ${route.ports.at(-1)?.name}${shapes.vessel ? `, ${shapes.vessel.name} at sea now` : ''}`}
      />
      <figcaption>
        <span className="legend-sailed">Sailed</span>{' '}
        <span className="legend-planned">Planned and forecast</span>{' '}
        {route.ports.map((p) => p.name).join(' → ')}.{' '}
        <Link to={shapes.vessel ? `/map?vessel=${shapes.vessel.id}` : '/map'}>
          {shapes.vessel ? `Show ${shapes.vessel.name} on the map` : 'Open the map'}
        </Link>
      </figcaption>
    </figure>
  )
}
