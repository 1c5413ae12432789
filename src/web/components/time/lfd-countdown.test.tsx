// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LfdCountdown } from './lfd-countdown'

const viewAt = (lfd: string, zone: string, now: string, variant: 'short' | 'long' = 'long') =>
  render(<LfdCountdown lfd={lfd} zone={zone} now={new Date(now)} variant={variant} />).container

describe('<LfdCountdown>', () => {
  beforeAll(() => {
    // the viewer sits far from every port in these tests, so a viewer-zone slip would show
    process.env.TZ = 'Pacific/Kiritimati'
  })
  afterEach(cleanup)

  it('counts in the port calendar: the same instant is a different day in Tokyo and in Los Angeles', () => {
    // 2026-02-25T16:00Z is Feb 26 01:00 in Tokyo but Feb 25 08:00 in Los Angeles
    expect(viewAt('2026-02-26T15:00:00Z', 'Asia/Tokyo', '2026-02-25T16:00:00Z').textContent).toBe(
      '1 day left (last free day Feb 27, 2026)',
    )
    expect(viewAt('2026-02-26T08:00:00Z', 'America/Los_Angeles', '2026-02-25T16:00:00Z').textContent).toBe(
      '1 day left (last free day Feb 26, 2026)',
    )
  })

  it('keeps whole days across the spring-forward change in Los Angeles', () => {
    // clocks go forward on 2026-03-08; March 10 starts at 07:00Z (PDT), March 7 at 08:00Z (PST)
    expect(viewAt('2026-03-10T07:00:00Z', 'America/Los_Angeles', '2026-03-07T08:30:00Z').textContent).toBe(
      '3 days left (last free day Mar 10, 2026)',
    )
    expect(viewAt('2026-03-10T07:00:00Z', 'America/Los_Angeles', '2026-03-10T06:59:00Z').textContent).toBe(
      '1 day left (last free day Mar 10, 2026)',
    )
  })

  it('keeps whole days across the fall-back change in New York and the April change in Sydney', () => {
    // New York falls back on 2026-11-01: Nov 2 starts at 05:00Z (EST) while Oct 31 started at 04:00Z (EDT)
    expect(viewAt('2026-11-02T05:00:00Z', 'America/New_York', '2026-10-31T04:00:00Z').textContent).toBe(
      '2 days left (last free day Nov 2, 2026)',
    )
    // Sydney leaves daylight time on 2026-04-05
    expect(viewAt('2026-04-06T14:00:00Z', 'Australia/Sydney', '2026-04-03T13:30:00Z').textContent).toBe(
      '3 days left (last free day Apr 7, 2026)',
    )
  })

  it('says overdue in words and with a sign, not only in colour', () => {
    const view = viewAt('2026-02-26T05:00:00Z', 'America/New_York', '2026-02-28T15:00:00Z')
    expect(view.textContent).toBe('Overdue by 2 days (last free day was Feb 26, 2026)')
    expect(view.querySelector('.lfd-overdue')).not.toBeNull()
    const short = viewAt('2026-02-26T05:00:00Z', 'America/New_York', '2026-02-28T15:00:00Z', 'short')
    expect(short.textContent).toBe('Feb 26, 2026⚠ Overdue by 2 days')
  })

  it('treats the whole last free day as today, up to local midnight', () => {
    viewAt('2026-02-26T05:00:00Z', 'America/New_York', '2026-02-27T04:59:00Z', 'short')
    expect(screen.getByText('Last day today')).toBeDefined()
  })

  it('shows a dash for no LFD', () => {
    expect(render(<LfdCountdown lfd={null} zone="UTC" />).container.textContent).toBe('—')
  })
})
