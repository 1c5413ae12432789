import { describe, expect, it } from 'vitest'
import { dayRate, demurrageFor } from './demurrage'

const TIERS = [
  { from_day: 5, per_day: 250 },
  { from_day: 1, per_day: 150 },
  { from_day: 9, per_day: 400 },
]

describe('tiered demurrage', () => {
  it('charges each day past the last free day at the rate of its tier, in whatever order tiers come', () => {
    expect([1, 4, 5, 8, 9, 30].map((day) => dayRate(day, TIERS))).toEqual([150, 150, 250, 250, 400, 400])
    expect(demurrageFor(0, TIERS)).toBe(0)
    expect(demurrageFor(6, TIERS)).toBe(4 * 150 + 2 * 250)
  })

  it('charges nothing before the first tier starts', () => {
    expect(dayRate(1, [{ from_day: 3, per_day: 100 }])).toBe(0)
    expect(demurrageFor(3, [{ from_day: 3, per_day: 100 }])).toBe(100)
  })
})
