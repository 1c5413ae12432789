import { describe, expect, it } from 'vitest'
import { freshnessOf, urgencyOf } from './freshness'
import type { Resource } from './json-api'
import { ToolRefusal } from './tool-kit'
import { splitEvents } from './tools-journey'
import { trackedNumber } from './tools-write'

const NOW = new Date('2026-11-22T12:00:00Z')
const event = (name: string, timestamp: string, invalidated_at: string | null = null): Resource => ({
  id: `${name}-${timestamp}`,
  type: 'transport_event',
  attributes: { event: name, timestamp, invalidated_at },
})

describe('milestones are only what happened', () => {
  it('lists an estimate or a future-dated event apart, and a withdrawn one not at all', () => {
    const { happened, expected } = splitEvents(
      [
        event('container.transport.vessel_arrived', '2026-11-25T00:00:00Z'),
        event('container.transport.estimated.vessel_arrived', '2026-11-20T00:00:00Z'),
        event('container.transport.vessel_departed', '2026-11-02T08:00:00Z'),
        event('container.transport.vessel_loaded', '2026-11-01T08:00:00Z', '2026-11-03T00:00:00Z'),
      ],
      NOW,
    )
    expect(happened.map((e) => e.event)).toEqual(['container.transport.vessel_departed'])
    expect(expected.map((e) => e.event)).toEqual([
      'container.transport.estimated.vessel_arrived',
      'container.transport.vessel_arrived',
    ])
  })
})

describe('no urgency from stale terminal data', () => {
  const waiting = {
    pod_discharged_at: '2026-11-10T00:00:00Z',
    available_for_pickup: true,
    pickup_lfd: '2026-11-18',
    pod_timezone: 'America/New_York',
    // a person's last free day never goes stale; the terminal's data does
    pickup_lfd_source: 'person' as const,
    pickup_lfd_checked_at: '2026-11-20T00:00:00Z',
  }
  it('holds back an overdue container whose terminal was read 8 days ago, saying how stale', () => {
    const a = { ...waiting, terminal_checked_at: '2026-11-14T11:00:00Z' }
    const freshness = freshnessOf(a, null, NOW)
    expect(freshness).toMatchObject({ stale: true, terminal_data_age: '8 days' })
    expect(urgencyOf(a, freshness, NOW)).toMatchObject({ level: 'held_back' })
  })
  it('says overdue when the terminal was read today', () => {
    const a = { ...waiting, terminal_checked_at: '2026-11-22T10:00:00Z' }
    const freshness = freshnessOf(a, null, NOW)
    expect(freshness).toMatchObject({ stale: false, terminal_data_age: '2 hours' })
    expect(urgencyOf(a, freshness, NOW)).toMatchObject({ level: 'overdue', days_left: -4 })
  })
})

describe('one number to track, never everything', () => {
  it.each(['', '   ', 'everything', 'all of them', 'track every container', '*', 'MSCU1234566, MSCU7654329'])(
    'refuses %j',
    (text) => expect(() => trackedNumber(text)).toThrow(ToolRefusal),
  )
  it('takes one number, tidied', () => expect(trackedNumber(' mscu 123456-6 ')).toBe('MSCU1234566'))
})
