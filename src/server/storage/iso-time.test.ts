import { describe, expect, it } from 'vitest'
import { iso } from './iso-time'

describe('iso', () => {
  it('writes UTC without milliseconds, as the real service does', () => {
    expect(iso(new Date('2026-11-22T12:00:00.987Z'))).toBe('2026-11-22T12:00:00Z')
    expect(iso(new Date(Date.UTC(1999, 0, 2, 3, 4, 5)))).toBe('1999-01-02T03:04:05Z')
  })

  it('keeps a year past 9999 whole and answers null for no time', () => {
    expect(iso(new Date('+012345-06-07T08:09:10.123Z'))).toBe('+012345-06-07T08:09:10Z')
    expect(iso(null)).toBeNull()
    expect(iso(undefined)).toBeNull()
  })
})
