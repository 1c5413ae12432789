import { type ComponentProps, useEffect, useState } from 'react'
import { GeoJSON } from 'react-leaflet'

type Shape = ComponentProps<typeof GeoJSON>['data']
type Land = {
  type: 'FeatureCollection'
  features: { geometry: { type: string; coordinates: Ring[][] | Ring[] } }[]
}

const drawableLand = (land: Land) =>
  ({
    type: 'MultiPolygon',
    coordinates: land.features.flatMap((f) =>
      (f.geometry.type === 'Polygon'
        ? [f.geometry.coordinates as Ring[]]
        : (f.geometry.coordinates as Ring[][])
      ).map((polygon) => polygon.map(drawableRing)),
    ),
  }) as Shape
type Atlas = { land: Shape; lines: Shape }
type Line = [number, number][]

/**
 * Cuts lines where they jump across the date line or run along it: Natural Earth cuts polygons there, and
 * Leaflet would draw those cuts as lines across the world.
 */
function withoutDateLine(lines: Line[]) {
  const pieces: Line[] = []
  for (const line of lines) {
    let piece: Line = []
    for (const point of line) {
      const last = piece.at(-1)
      const cut =
        last &&
        (Math.abs(point[0] - last[0]) > 180 || (Math.abs(point[0]) > 179.9 && Math.abs(last[0]) > 179.9))
      if (cut) {
        if (piece.length > 1) pieces.push(piece)
        piece = []
      }
      piece.push(point)
    }
    if (piece.length > 1) pieces.push(piece)
  }
  return pieces
}

type Ring = [number, number][]

/**
 * Makes Natural Earth's rings drawable on one Mercator world: a ring that crosses the date line (Chukotka,
 * Fiji) continues past 180°, and one that goes round the pole (Antarctica) is closed along it.
 */
function drawableRing(ring: Ring): Ring {
  const jumps = ring.filter((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180).length
  if (jumps === 0) return ring
  if (jumps % 2 === 1) {
    const out: Ring = []
    ring.forEach((point, i) => {
      const last = ring[i - 1]
      if (last && Math.abs(point[0] - last[0]) > 180) out.push([last[0], -90], [point[0], -90])
      out.push(point)
    })
    return out
  }
  let shift = 0
  return ring.map((point, i) => {
    const last = ring[i - 1]
    if (last && Math.abs(point[0] - last[0]) > 180) shift += point[0] < last[0] ? 360 : -360
    return [point[0] + shift, point[1]]
  })
}

/** Natural Earth's land and borders at 1:110m, from the bundle: no request leaves the server. */
async function loadAtlas(): Promise<Atlas> {
  const [{ feature, mesh }, topology] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ])
  // biome-ignore lint/suspicious/noExplicitAny: the atlas is plain TopoJSON read from a JSON module
  const world = (topology as any).default ?? topology
  return {
    land: drawableLand(feature(world, world.objects.land) as unknown as Land),
    // coastlines and borders in one layer of lines
    lines: {
      type: 'MultiLineString',
      coordinates: withoutDateLine(mesh(world, world.objects.countries).coordinates as Line[]),
    } as Shape,
  }
}

const LAND = { fillColor: '#ece8dc', fillOpacity: 1, stroke: false, interactive: false }
const LINES = { color: '#9a9482', weight: 0.6, interactive: false, fill: false }

/** Land, coastlines and borders drawn by Leaflet itself, under everything else. */
export function Basemap() {
  const [atlas, setAtlas] = useState<Atlas>()
  useEffect(() => {
    let live = true
    void loadAtlas().then((loaded) => live && setAtlas(loaded))
    return () => {
      live = false
    }
  }, [])
  if (!atlas) return null
  return (
    <>
      <GeoJSON
        data={atlas.land}
        style={LAND}
        interactive={false}
        attribution="Land and borders: Natural Earth"
      />
      <GeoJSON data={atlas.lines} style={LINES} interactive={false} />
    </>
  )
}
