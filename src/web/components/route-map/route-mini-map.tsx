import './route-mini-map.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { routeQueries } from '../../api/route-queries'
import { explain } from '../layout/explain-error'
import { type Atlas, loadAtlas } from './atlas'
import { pathOf, routeShapes } from './route-geometry'
import { RouteMapPlaceholder } from './route-map-placeholder'

const landPath = (atlas: Atlas) =>
  atlas.land.map((polygon) => polygon.map((ring) => `${pathOf(ring)}Z`).join('')).join('')

/**
 * A small map of a container's voyage: sailed (solid), planned and forecast (dashed), its ports and where
 * the vessel is now, over Natural Earth land; drawn in longitude and latitude so what is drawn is the route.
 */
export function RouteMiniMap({ containerId }: { containerId: string }) {
  const query = useQuery(routeQueries.container(containerId))
  const [atlas, setAtlas] = useState<Atlas>()
  useEffect(() => {
    let live = true
    void loadAtlas().then((loaded) => live && setAtlas(loaded))
    return () => {
      live = false
    }
  }, [])
  const route = query.data?.data.attributes
  const shapes = useMemo(() => (route ? routeShapes(route) : undefined), [route])
  const land = useMemo(() => (atlas ? landPath(atlas) : ''), [atlas])
  if (query.isPending) return <RouteMapPlaceholder />
  if (query.isError)
    return (
      <p className="field-error" role="alert">
        The route map could not be loaded: {explain(query.error).title}
      </p>
    )
  if (!shapes || !route || route.ports.length === 0)
    return <p className="muted">No voyage is known for this container yet.</p>
  const [west, south, east, north] = shapes.box
  const width = east - west
  const height = north - south
  const copies = [-360, 0, 360].filter((shift) => west < 180 + shift && east > -180 + shift)
  return (
    <figure className="route-mini-map">
      <svg
        viewBox={`${west} ${-north} ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`Route from ${route.ports[0]?.name} to ${route.ports.at(-1)?.name}${shapes.vessel ? `, ${shapes.vessel.name} at sea now` : ''}`}
      >
        <rect x={west} y={-north} width={width} height={height} className="sea" />
        {copies.map((shift) => (
          <path key={shift} d={land} className="land" transform={`translate(${shift} 0)`} />
        ))}
        <path
          d={shapes.sailed.map(pathOf).join('')}
          className="route-line route-sailed"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={shapes.planned.map(pathOf).join('')}
          className="route-line route-planned"
          vectorEffect="non-scaling-stroke"
        />
        {shapes.ports.map((port) => (
          <circle
            key={port.label}
            cx={port.at[0]}
            cy={-port.at[1]}
            r={Math.max(width, height) / 90}
            className="route-port"
          >
            <title>{`${port.label}: ${port.name}`}</title>
          </circle>
        ))}
        {shapes.vessel ? (
          <circle
            cx={shapes.vessel.at[0]}
            cy={-shapes.vessel.at[1]}
            r={Math.max(width, height) / 60}
            className="route-vessel"
          >
            <title>{`${shapes.vessel.name}, now`}</title>
          </circle>
        ) : null}
      </svg>
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
