import { pathOf, type RouteShapes } from './route-geometry'

/** The land is drawn again east and west of the date line. */
export function RouteSvg({ shapes, land, label }: { shapes: RouteShapes; land: string; label: string }) {
  const [west, south, east, north] = shapes.box
  const width = east - west
  const height = north - south
  const copies = [-360, 0, 360].filter((shift) => west < 180 + shift && east > -180 + shift)
  return (
    <svg
      viewBox={`${west} ${-north} ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
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
  )
}
