import type { GeometryCollection, Topology } from 'topojson-specification'

/** As GeoJSON orders them. */
type Position = [number, number]
type Ring = Position[]

/** Natural Earth at 1:110m. */
export type Atlas = { land: Ring[][]; lines: Position[][] }

/** A ring across the date line (Chukotka, Fiji) continues past 180°; one round the pole (Antarctica) closes along it. */
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

/** Where Natural Earth cuts its polygons. */
function withoutDateLine(lines: Position[][]) {
  const pieces: Position[][] = []
  for (const line of lines) {
    let piece: Position[] = []
    for (const point of line) {
      const last = piece.at(-1)
      if (
        last &&
        (Math.abs(point[0] - last[0]) > 180 || (Math.abs(point[0]) > 179.9 && Math.abs(last[0]) > 179.9))
      ) {
        if (piece.length > 1) pieces.push(piece)
        piece = []
      }
      piece.push(point)
    }
    if (piece.length > 1) pieces.push(piece)
  }
  return pieces
}

type World = Topology<{ land: GeometryCollection; countries: GeometryCollection }>

/** From the bundle: no request leaves the server. */
export async function loadAtlas(): Promise<Atlas> {
  const [{ feature, mesh }, topology] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ])
  // biome-ignore lint/suspicious/noExplicitAny: the atlas is plain TopoJSON read from a JSON module
  const world: World = (topology as any).default ?? topology
  const land = feature(world, world.objects.land)
  const polygons = land.features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Ring[]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Ring[][])
        : [],
  )
  return {
    land: polygons.map((polygon) => polygon.map(drawableRing)),
    lines: withoutDateLine(mesh(world, world.objects.countries).coordinates as Position[][]),
  }
}
