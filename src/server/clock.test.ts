import { describe, expect, it } from 'vitest'
import { adjustableClock } from './clock'

describe('adjustableClock', () => {
  it('runs with its base and keeps every jump', () => {
    let base = new Date('2026-11-22T12:00:00Z')
    const clock = adjustableClock({ now: () => base })
    clock.advance(3_600_000)
    clock.advance(7_200_000)
    expect(clock.now().toISOString()).toBe('2026-11-22T15:00:00.000Z')
    base = new Date('2026-11-22T12:30:00Z')
    expect(clock.now().toISOString()).toBe('2026-11-22T15:30:00.000Z')
  })
})
