import { describe, expect, it } from 'vitest'
import { instantFromLocal, localFromInstant } from './zoned-input'

describe('a wall-clock time in a port’s zone', () => {
  it('reads a Los Angeles morning as its UTC instant, in summer and in winter', () => {
    expect(instantFromLocal('2026-07-01T08:30', 'America/Los_Angeles')).toBe('2026-07-01T15:30:00.000Z')
    expect(instantFromLocal('2026-11-23T08:30', 'America/Los_Angeles')).toBe('2026-11-23T16:30:00.000Z')
  })

  it('writes an instant back as the same wall-clock time', () => {
    expect(localFromInstant('2026-11-23T16:30:00Z', 'America/Los_Angeles')).toBe('2026-11-23T08:30')
    expect(localFromInstant('2026-11-23T16:30:00Z', 'Asia/Shanghai')).toBe('2026-11-24T00:30')
    expect(localFromInstant(null, 'UTC')).toBe('')
  })

  it('refuses what is not a datetime-local value', () => {
    expect(instantFromLocal('tomorrow', 'UTC')).toBeUndefined()
  })
})
