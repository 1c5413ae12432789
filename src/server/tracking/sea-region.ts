import type { Point } from './geo'

/** Each neighbouring pair in a lane is sailed along the great circle, which stays at sea. */
export type SeaRegion = { waypoints: Record<string, Point>; lanes: string[][] }

const longitudeGap = (a: number, b: number) => Math.abs(((b - a + 540) % 360) - 180)

/** Each waypoint joins the next row's within `reach` degrees of longitude (across ±180°). */
export function oceanMesh(rows: Record<string, Point>[], reach: number): SeaRegion {
  const lanes: string[][] = []
  rows.forEach((row, index) => {
    const names = Object.keys(row)
    for (let i = 1; i < names.length; i++) lanes.push([names[i - 1], names[i]])
    const next = rows[index + 1]
    if (!next) return
    for (const name of names)
      for (const other of Object.keys(next))
        if (longitudeGap(row[name][1], next[other][1]) <= reach) lanes.push([name, other])
  })
  return { waypoints: Object.assign({}, ...rows), lanes }
}
