import { describe, expect, it } from 'vitest'
import { csvTime, formatCalendarDate, formatInZone } from './format-time'

describe('formatInZone', () => {
  it("shows a time in the port's zone with its abbreviation", () => {
    expect(formatInZone('2026-02-26T05:00:00Z', 'America/New_York')).toBe('Feb 26, 2026, 00:00 EST')
    expect(formatInZone('2026-07-01T07:00:00Z', 'America/Los_Angeles')).toBe('Jul 1, 2026, 00:00 PDT')
  })

  it('names a zone people know by its name where the browser has only an offset', () => {
    expect(formatInZone('2026-02-26T05:00:00Z', 'Asia/Shanghai')).toBe(
      'Feb 26, 2026, 13:00 China Standard Time',
    )
    expect(formatInZone('2026-02-26T05:00:00Z', 'Europe/Berlin')).toBe(
      'Feb 26, 2026, 06:00 Central European Standard Time',
    )
  })

  it('writes a spreadsheet time in the place’s zone with the same names', () => {
    expect(csvTime('2026-02-26T05:00:00Z', 'America/New_York')).toBe('2026-02-26 00:00 EST')
    expect(csvTime('2026-02-26T05:00:00Z', 'Asia/Shanghai')).toBe('2026-02-26 13:00 China Standard Time')
    expect(csvTime(null, 'UTC')).toBe('')
  })

  it('falls back to the viewer zone for a zone it does not know rather than failing', () => {
    expect(formatInZone('2026-02-26T05:00:00Z', 'Mars/Olympus')).toMatch(/2026/)
  })

  it('shows nothing for an empty value and the raw text for one it cannot read', () => {
    expect(formatInZone(null, 'UTC')).toBeUndefined()
    expect(formatInZone('soon', 'UTC')).toBe('soon')
  })
})

describe('formatCalendarDate', () => {
  it('never shifts a date across zones', () => {
    expect(formatCalendarDate('2026-02-26')).toBe('Feb 26, 2026')
  })
})
