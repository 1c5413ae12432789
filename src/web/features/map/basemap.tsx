import { type ComponentProps, useEffect, useState } from 'react'
import { GeoJSON } from 'react-leaflet'
import { loadAtlas } from '../../components/route-map/atlas'

type Shape = ComponentProps<typeof GeoJSON>['data']
type Shapes = { land: Shape; lines: Shape }

const loadShapes = async (): Promise<Shapes> => {
  const atlas = await loadAtlas()
  return {
    land: { type: 'MultiPolygon', coordinates: atlas.land } as Shape,
    lines: { type: 'MultiLineString', coordinates: atlas.lines } as Shape,
  }
}

const LAND = { fillColor: '#ece8dc', fillOpacity: 1, stroke: false, interactive: false }
const LINES = { color: '#9a9482', weight: 0.6, interactive: false, fill: false }

/** Drawn from the bundle: no request leaves the server. */
export function Basemap() {
  const [shapes, setShapes] = useState<Shapes>()
  useEffect(() => {
    let live = true
    void loadShapes().then((loaded) => live && setShapes(loaded))
    return () => {
      live = false
    }
  }, [])
  if (!shapes) return null
  return (
    <>
      <GeoJSON
        data={shapes.land}
        style={LAND}
        interactive={false}
        attribution="Land and borders: Natural Earth"
      />
      <GeoJSON data={shapes.lines} style={LINES} interactive={false} />
    </>
  )
}
