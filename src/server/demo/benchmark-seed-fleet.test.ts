import { describe, expect, it } from 'vitest'
import { checkDemoSeed } from '../../../tests/support/fleet-truth'

const NOW = new Date('2027-02-09T04:20:00Z')

describe('the 100,000-shipment benchmark seed', () => {
  // plans and rows are pure functions of the seed and `now`: checked in memory, no database needed
  it('keeps one fleet and one schedule: no vessel on two voyages, call times its voyage’s, 30 knots at most, nothing from the future', () => {
    const result = checkDemoSeed(100_000, NOW)
    expect(result.problems.slice(0, 10)).toEqual([])
    expect(result.vessels).toBe(24)
    expect(result.legs).toBeGreaterThan(300)
    // about 90 s alone here; CI runs it beside the journeys and the other worker, where it took 395 s once
  }, 900_000)
})
