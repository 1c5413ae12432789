export type Point = [latitude: number, longitude: number]

const EARTH_RADIUS_KM = 6371
export const KM_PER_NAUTICAL_MILE = 1.852

const toRadians = (degrees: number) => (degrees * Math.PI) / 180
const toDegrees = (radians: number) => (radians * 180) / Math.PI

const wrapLongitude = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180

export function distanceKm([lat1, lon1]: Point, [lat2, lon2]: Point) {
  const a =
    Math.sin(toRadians(lat2 - lat1) / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(toRadians(lon2 - lon1) / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

export function initialBearing([lat1, lon1]: Point, [lat2, lon2]: Point) {
  const y = Math.sin(toRadians(lon2 - lon1)) * Math.cos(toRadians(lat2))
  const x =
    Math.cos(toRadians(lat1)) * Math.sin(toRadians(lat2)) -
    Math.sin(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.cos(toRadians(lon2 - lon1))
  return (toDegrees(Math.atan2(y, x)) + 360) % 360
}

type Vector = [number, number, number]

const toVector = ([lat, lon]: Point): Vector => [
  Math.cos(toRadians(lat)) * Math.cos(toRadians(lon)),
  Math.cos(toRadians(lat)) * Math.sin(toRadians(lon)),
  Math.sin(toRadians(lat)),
]

const toPoint = ([x, y, z]: Vector): Point => [
  toDegrees(Math.atan2(z, Math.hypot(x, y))),
  wrapLongitude(toDegrees(Math.atan2(y, x))),
]

/** Longitudes wrap across ±180°. */
export function interpolate(a: Point, b: Point, fraction: number): Point {
  const angle = distanceKm(a, b) / EARTH_RADIUS_KM
  if (angle < 1e-12) return [a[0], wrapLongitude(a[1])]
  const u = toVector(a)
  const v = toVector(b)
  const wa = Math.sin((1 - fraction) * angle) / Math.sin(angle)
  const wb = Math.sin(fraction * angle) / Math.sin(angle)
  return toPoint([wa * u[0] + wb * v[0], wa * u[1] + wb * v[1], wa * u[2] + wb * v[2]])
}

export function nearestOnSegment(p: Point, a: Point, b: Point) {
  const length = distanceKm(a, b)
  const fromA = distanceKm(a, p)
  if (length < 1e-9) return { point: a, alongKm: 0, offKm: fromA }
  const angleFromA = fromA / EARTH_RADIUS_KM
  const turn = toRadians(initialBearing(a, p) - initialBearing(a, b))
  const crossTrack = Math.asin(Math.sin(angleFromA) * Math.sin(turn))
  const ratio = Math.cos(angleFromA) / Math.cos(crossTrack)
  const alongKm = Math.sign(Math.cos(turn)) * Math.acos(Math.max(-1, Math.min(1, ratio))) * EARTH_RADIUS_KM
  if (alongKm <= 0) return { point: a, alongKm: 0, offKm: fromA }
  if (alongKm >= length) return { point: b, alongKm: length, offKm: distanceKm(b, p) }
  return {
    point: interpolate(a, b, alongKm / length),
    alongKm,
    offKm: Math.abs(crossTrack) * EARTH_RADIUS_KM,
  }
}
