import { laneLengthKm, type Point, positionAlong, seaLane } from '../demo/sea-lanes'

type Port = { code: string; latitude: number; longitude: number }

const KM_PER_NM = 1.852
const STEP_HOURS = 6

const squaredDistance = ([a, b]: Point, [c, d]: Point) => (a - c) ** 2 + (((b - d + 540) % 360) - 180) ** 2

/**
 * Estimated positions from where a vessel is now to its next port, along the sea lane from its
 * previous port: one every six hours at its speed, then the port itself. Undefined when no lane is known.
 */
export function futurePositions(
  from: Point,
  previousPort: Port,
  nextPort: Port,
  speedKnots: number,
  start: Date,
) {
  const lane = seaLane(
    [previousPort.latitude, previousPort.longitude],
    previousPort.code,
    [nextPort.latitude, nextPort.longitude],
    nextPort.code,
  )
  if (!lane) return undefined
  let nearest = 0
  for (let i = 1; i < lane.length; i++)
    if (squaredDistance(lane[i], from) < squaredDistance(lane[nearest], from)) nearest = i
  const nextIndex = Math.min(nearest + 1, lane.length - 1)
  const remaining: Point[] = [from, ...lane.slice(nextIndex)]
  const total = laneLengthKm(remaining)
  const kmPerHour = Math.max(speedKnots, 1) * KM_PER_NM
  const positions = []
  for (let hours = STEP_HOURS; hours * kmPerHour < total; hours += STEP_HOURS) {
    const at = positionAlong(remaining, (hours * kmPerHour) / total)
    positions.push({
      latitude: at.latitude,
      longitude: at.longitude,
      heading: at.heading,
      estimated: true,
      timestamp: new Date(start.getTime() + hours * 3_600_000),
    })
  }
  const last = positionAlong(remaining, 1)
  positions.push({
    latitude: nextPort.latitude,
    longitude: nextPort.longitude,
    heading: last.heading,
    estimated: true,
    timestamp: new Date(start.getTime() + (total / kmPerHour) * 3_600_000),
  })
  return positions
}
