export type Point = [latitude: number, longitude: number]

/** Open-water waypoints between a region's ports and a US coast; lines between them stay at sea. */
const APPROACH: Record<string, Point[]> = {
  CNSHA: [[30.8, 123.5]],
  CNNGB: [[29.9, 123.0]],
  CNQIN: [
    [35.5, 121.5],
    [33.0, 124.5],
  ],
  CNYTN: [
    [22.2, 114.6],
    [21.5, 117.0],
    [21.8, 121.0],
  ],
  HKHKG: [
    [22.1, 114.4],
    [21.5, 117.0],
    [21.8, 121.0],
  ],
  TWKHH: [
    [22.3, 120.1],
    [21.8, 121.0],
  ],
  VNSGN: [
    [10.0, 107.5],
    [12.0, 111.0],
    [18.0, 116.0],
    [21.8, 121.0],
  ],
  SGSIN: [
    [1.2, 104.2],
    [3.0, 105.5],
    [12.0, 111.0],
    [18.0, 116.0],
    [21.8, 121.0],
  ],
  KRPUS: [
    [34.9, 129.3],
    [33.5, 130.5],
  ],
  JPTYO: [
    [35.0, 139.9],
    [34.5, 140.5],
  ],
}

const TRANSPACIFIC: Point[] = [
  [32.0, 131.5],
  [33.5, 141.0],
  [38.0, 160.0],
  [40.0, 180.0],
  [39.0, -160.0],
  [36.5, -140.0],
]
const PACIFIC_TO_PANAMA: Point[] = [
  [30.0, 135.0],
  [20.0, 160.0],
  [12.0, -150.0],
  [9.0, -110.0],
  [7.8, -80.5],
  [8.8, -79.5],
  [9.4, -79.9],
  [10.5, -79.5],
]

const WEST_COAST: Record<string, Point[]> = {
  USLAX: [[33.6, -118.6]],
  USLGB: [[33.6, -118.6]],
  USOAK: [[37.75, -122.8]],
  USSEA: [
    [48.3, -125.2],
    [48.3, -123.4],
    [47.9, -122.45],
  ],
  USTIW: [
    [48.3, -125.2],
    [48.3, -123.4],
    [47.9, -122.45],
  ],
}

const EAST_COAST: Record<string, Point[]> = {
  USNYC: [
    [40.3, -73.6],
    [40.48, -74.0],
  ],
  USBOS: [[42.3, -70.6]],
  USPHL: [
    [38.8, -74.7],
    [39.2, -75.2],
    [39.7, -75.45],
  ],
  USBAL: [
    [36.95, -75.7],
    [37.1, -76.1],
    [38.5, -76.3],
  ],
  USORF: [
    [36.95, -75.7],
    [36.97, -76.1],
  ],
  USSAV: [[31.9, -80.7]],
  USJAX: [[30.4, -81.25]],
  USMIA: [[25.77, -79.95]],
  USPEF: [[26.09, -79.95]],
}

const GULF: Record<string, Point[]> = {
  USHOU: [
    [28.9, -94.5],
    [29.35, -94.72],
  ],
  USMSY: [
    [28.95, -89.35],
    [29.3, -89.3],
  ],
  USMOB: [[30.1, -88.05]],
  USPOT: [[27.6, -82.95]],
}

const CARIBBEAN_TO_EAST: Point[] = [
  [14.0, -77.0],
  [19.9, -73.8],
  [23.0, -73.7],
  [28.0, -77.0],
]
const CARIBBEAN_TO_GULF: Point[] = [
  [14.0, -78.0],
  [19.5, -84.0],
  [21.8, -86.0],
  [24.5, -88.0],
]

const EUROPE: Record<string, Point[]> = {
  NLRTM: [
    [52.0, 3.8],
    [51.5, 2.2],
  ],
  BEANR: [
    [51.45, 3.6],
    [51.5, 2.2],
  ],
  DEHAM: [
    [53.9, 8.5],
    [54.0, 7.0],
    [53.2, 4.0],
    [51.5, 2.2],
  ],
  GBFXT: [
    [51.85, 1.6],
    [51.2, 1.6],
  ],
}
const CHANNEL_TO_ATLANTIC: Point[] = [
  [50.3, -0.5],
  [49.6, -4.0],
  [48.8, -8.0],
  [44.0, -30.0],
  [40.5, -55.0],
]

const MED: Record<string, Point[]> = {
  ITGOA: [
    [44.2, 8.9],
    [42.5, 8.0],
    [38.5, 5.0],
    [36.9, 0.0],
  ],
  ESVLC: [
    [39.4, 0.0],
    [36.9, -1.5],
  ],
  MAPTM: [[35.95, -5.45]],
}
const GIBRALTAR_TO_ATLANTIC: Point[] = [
  [35.95, -5.6],
  [36.0, -7.0],
  [36.0, -20.0],
  [35.0, -50.0],
]

const SOUTH_AMERICA: Record<string, Point[]> = {
  BRSSZ: [
    [-24.1, -46.2],
    [-20.0, -38.0],
    [-5.0, -34.0],
    [5.0, -44.0],
    [15.0, -58.0],
    [21.0, -66.5],
  ],
}

const eastCoastFromOpenAtlantic = (code: string): Point[] => {
  const approach = EAST_COAST[code]
  if (!approach) return []
  const south = ['USSAV', 'USJAX', 'USMIA', 'USPEF'].includes(code)
  return south ? [[31.0, -74.0], ...approach] : [[38.5, -70.0], ...approach]
}

/**
 * The waypoints from an origin to a US port of discharge, or undefined when this lane is not sailed.
 * Ports themselves are the first and last points.
 */
export function seaLane(
  origin: Point,
  originCode: string,
  destination: Point,
  destinationCode: string,
): Point[] | undefined {
  let middle: Point[] | undefined
  const asia = APPROACH[originCode]
  if (asia) {
    if (WEST_COAST[destinationCode]) middle = [...asia, ...TRANSPACIFIC, ...WEST_COAST[destinationCode]]
    else if (EAST_COAST[destinationCode])
      middle = [...asia, ...PACIFIC_TO_PANAMA, ...CARIBBEAN_TO_EAST, ...EAST_COAST[destinationCode]]
    else if (GULF[destinationCode])
      middle = [...asia, ...PACIFIC_TO_PANAMA, ...CARIBBEAN_TO_GULF, ...GULF[destinationCode]]
  } else if (EUROPE[originCode] || MED[originCode]) {
    const start = EUROPE[originCode]
      ? [...EUROPE[originCode], ...CHANNEL_TO_ATLANTIC]
      : [...MED[originCode], ...GIBRALTAR_TO_ATLANTIC]
    if (EAST_COAST[destinationCode]) middle = [...start, ...eastCoastFromOpenAtlantic(destinationCode)]
    else if (GULF[destinationCode])
      middle = [
        ...start,
        [27.0, -70.0],
        [23.5, -74.0],
        [23.6, -80.5],
        [24.3, -82.0],
        [25.0, -85.0],
        ...GULF[destinationCode],
      ]
  } else if (SOUTH_AMERICA[originCode]) {
    if (EAST_COAST[destinationCode])
      middle = [...SOUTH_AMERICA[originCode], ...eastCoastFromOpenAtlantic(destinationCode)]
  }
  return middle && [origin, ...middle, destination]
}

const EARTH_KM = 6371
const rad = (d: number) => (d * Math.PI) / 180
const deg = (r: number) => (r * 180) / Math.PI

function distanceKm([lat1, lon1]: Point, [lat2, lon2]: Point) {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

function bearing([lat1, lon1]: Point, [lat2, lon2]: Point) {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2))
  const x =
    Math.cos(rad(lat1)) * Math.sin(rad(lat2)) -
    Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1))
  return (deg(Math.atan2(y, x)) + 360) % 360
}

export const laneLengthKm = (lane: Point[]) =>
  lane.slice(1).reduce((sum, point, i) => sum + distanceKm(lane[i], point), 0)

const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180

/** The position and heading a fraction of the way along a lane (longitudes unwrapped across ±180°). */
export function positionAlong(lane: Point[], fraction: number) {
  const target = Math.min(1, Math.max(0, fraction)) * laneLengthKm(lane)
  let travelled = 0
  for (let i = 1; i < lane.length; i++) {
    const from = lane[i - 1]
    const to = lane[i]
    const leg = distanceKm(from, to)
    if (travelled + leg >= target || i === lane.length - 1) {
      const t = leg === 0 ? 0 : Math.min(1, (target - travelled) / leg)
      let toLon = to[1]
      if (toLon - from[1] > 180) toLon -= 360
      if (from[1] - toLon > 180) toLon += 360
      const latitude = from[0] + (to[0] - from[0]) * t
      const longitude = wrap(from[1] + (toLon - from[1]) * t)
      return { latitude, longitude, heading: Math.round(bearing(from, to)) }
    }
    travelled += leg
  }
  const [latitude, longitude] = lane[lane.length - 1]
  return { latitude, longitude, heading: 0 }
}
