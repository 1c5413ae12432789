import { describe, expect, it } from 'vitest'
import { lfdCountdown } from './lfd'

// the real service writes an LFD as the start of the local day: 2026-02-26T05:00:00Z is Feb 26 in New York
const LFD = '2026-02-26T05:00:00Z'

describe('lfdCountdown', () => {
  it("counts days in the port's calendar, not the viewer's", () => {
    expect(lfdCountdown(LFD, 'America/New_York', new Date('2026-02-24T15:00:00Z'))).toMatchObject({
      days: 2,
      overdue: false,
    })
    // 02:00 UTC on the 26th is still the 25th in New York
    expect(lfdCountdown(LFD, 'America/New_York', new Date('2026-02-26T02:00:00Z'))).toMatchObject({ days: 1 })
  })

  it('treats the whole last free day as today and the day after as overdue', () => {
    expect(lfdCountdown(LFD, 'America/New_York', new Date('2026-02-27T04:59:00Z'))?.words).toMatch(
      /^Last free day is today/,
    )
    expect(lfdCountdown(LFD, 'America/New_York', new Date('2026-02-27T05:00:00Z'))).toMatchObject({
      days: -1,
      overdue: true,
    })
    expect(lfdCountdown(LFD, 'America/New_York', new Date('2026-02-27T05:00:00Z'))?.words).toMatch(
      /^Overdue by 1 day \(/,
    )
  })

  it('keeps counting whole days across a daylight-saving change', () => {
    // US clocks go forward on 2026-03-08, so March 10 starts at 07:00 UTC in Los Angeles (PDT)
    expect(
      lfdCountdown('2026-03-10T07:00:00Z', 'America/Los_Angeles', new Date('2026-03-07T20:00:00Z')),
    ).toMatchObject({ days: 3 })
    // 06:30 UTC on March 9 is still March 8 in Los Angeles
    expect(
      lfdCountdown('2026-03-10T07:00:00Z', 'America/Los_Angeles', new Date('2026-03-09T06:30:00Z')),
    ).toMatchObject({ days: 2 })
  })

  it('says nothing for a missing or unreadable LFD', () => {
    expect(lfdCountdown(null, 'UTC', new Date())).toBeUndefined()
    expect(lfdCountdown('soon', 'UTC', new Date())).toBeUndefined()
  })
})
