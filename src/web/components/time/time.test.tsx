// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LocalDate, Time } from './time'
import { setTimeZoneMode } from './time-zone-setting'

describe('<Time> and the time-zone setting', () => {
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin'
  })
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it("shows the port's time with its abbreviation and the viewer's time on hover", () => {
    render(<Time value="2026-07-01T07:00:00Z" zone="America/Los_Angeles" />)
    const time = screen.getByText('Jul 1, 2026, 00:00 PDT')
    expect(time.getAttribute('title')).toBe('Your time: Jul 1, 2026, 09:00 Central European Summer Time')
    expect(time.getAttribute('datetime')).toBe('2026-07-01T07:00:00Z')
  })

  it("switches every time to the viewer's zone with one setting, keeping the port's time on hover", () => {
    render(<Time value="2026-07-01T07:00:00Z" zone="America/Los_Angeles" />)
    act(() => setTimeZoneMode('viewer'))
    const time = screen.getByText('Jul 1, 2026, 09:00 Central European Summer Time')
    expect(time.getAttribute('title')).toBe('Local time there: Jul 1, 2026, 00:00 PDT')
    expect(localStorage.getItem('quayside.time-zone')).toBe('viewer')
  })

  it('never shifts a date across zones, whatever the setting', () => {
    act(() => setTimeZoneMode('viewer'))
    // the start of Feb 26 in Los Angeles is still Feb 26 there, though it is Feb 26 09:00 in Berlin
    render(<LocalDate value="2026-02-26T08:00:00Z" zone="America/Los_Angeles" />)
    expect(screen.getByText('Feb 26, 2026').getAttribute('datetime')).toBe('2026-02-26')
    cleanup()
    // and 23:00 on Feb 25 in Los Angeles is Feb 26 in UTC, but the port's date is shown
    render(<LocalDate value="2026-02-26T07:00:00Z" zone="America/Los_Angeles" />)
    expect(screen.getByText('Feb 25, 2026')).toBeDefined()
  })
})
