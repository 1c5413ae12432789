import { describe, expect, it } from 'vitest'
import { fitAspect, MAP_ASPECT } from './route-geometry'

describe('fitAspect', () => {
  it('widens a tall box about its centre', () => {
    expect(fitAspect([0, 0, 10, 20], 2.5)).toEqual([-20, 0, 30, 20])
  })
  it('heightens a wide box about its centre', () => {
    expect(fitAspect([-100, 10, 100, 30], 2.5)).toEqual([-100, -20, 100, 60])
  })
  it('keeps a box that has the shape already', () => {
    expect(fitAspect([0, 0, 25, 10], 2.5)).toEqual([0, 0, 25, 10])
  })
  it('gives the shape the page reserves for the map', () => {
    const [west, south, east, north] = fitAspect([120, -5, 121, 40], MAP_ASPECT)
    expect((east - west) / (north - south)).toBeCloseTo(MAP_ASPECT, 10)
  })
})
