import { describe, expect, it } from 'vitest'
import { imoCheckDigit } from './check-digits'
import { startOfLocalDay } from './zoned-time'

describe('check digits', () => {
  it('computes IMO check digits', () => {
    expect(imoCheckDigit('930180')).toBe(9)
    expect(imoCheckDigit('907472')).toBe(9)
  })
})

describe('startOfLocalDay', () => {
  it('writes a New York date as its local midnight in UTC, as the real service does', () => {
    expect(startOfLocalDay(new Date('2026-02-21T15:00:00Z'), 'America/New_York', 5).toISOString()).toBe(
      '2026-02-26T05:00:00.000Z',
    )
  })

  it('follows daylight saving time', () => {
    expect(startOfLocalDay(new Date('2026-03-06T15:00:00Z'), 'America/New_York', 5).toISOString()).toBe(
      '2026-03-11T04:00:00.000Z',
    )
    expect(startOfLocalDay(new Date('2026-03-06T15:00:00Z'), 'America/Los_Angeles', 0).toISOString()).toBe(
      '2026-03-06T08:00:00.000Z',
    )
  })
})
