import { describe, expect, it } from 'vitest'
import { deliveryDueAt, localClock } from './alert-delivery-time'

const base = {
  mode: 'immediate' as const,
  groupWaitSeconds: 30,
  digestTime: '08:00',
  timeZone: 'UTC',
  muteTimes: [],
  ruleTimeZone: 'UTC',
}

describe('deliveryDueAt', () => {
  it('sends at once after the group wait', () => {
    const firedAt = new Date('2026-11-25T10:00:00Z')
    expect(deliveryDueAt({ ...base, firedAt }).toISOString()).toBe('2026-11-25T10:00:30.000Z')
  })

  it('pushes an immediate alert to the end of a night mute window that spans midnight', () => {
    const night = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '07:00' }]
    const firedAt = new Date('2026-11-25T23:10:00Z')
    expect(deliveryDueAt({ ...base, firedAt, muteTimes: night }).toISOString()).toBe(
      '2026-11-26T07:00:00.000Z',
    )
    // the tail after midnight belongs to the previous day's window
    const early = new Date('2026-11-26T03:00:00Z')
    expect(deliveryDueAt({ ...base, firedAt: early, muteTimes: night }).toISOString()).toBe(
      '2026-11-26T07:00:00.000Z',
    )
  })

  it('mutes on the rule clock: a weekend in New York holds a Saturday alert to Monday 00:00 there', () => {
    const weekend = [{ days: [0, 6], from: '00:00', to: '00:00' }]
    // Saturday 2026-11-28 15:00 in New York (UTC-5)
    const firedAt = new Date('2026-11-28T20:00:00Z')
    const due = deliveryDueAt({ ...base, firedAt, muteTimes: weekend, ruleTimeZone: 'America/New_York' })
    expect(due.toISOString()).toBe('2026-11-30T05:00:00.000Z')
    expect(localClock(due, 'America/New_York')).toEqual({ weekday: 1, minute: 0 })
  })

  it("puts a digest at the next digest time on the recipient's own clock", () => {
    const firedAt = new Date('2026-11-25T10:00:00Z')
    const tokyo = deliveryDueAt({ ...base, mode: 'digest', firedAt, timeZone: 'Asia/Tokyo' })
    // 10:00Z is 19:00 in Tokyo: the next 08:00 there is 23:00Z
    expect(tokyo.toISOString()).toBe('2026-11-25T23:00:00.000Z')
    const chicago = deliveryDueAt({ ...base, mode: 'digest', firedAt, timeZone: 'America/Chicago' })
    // 10:00Z is 04:00 in Chicago: 08:00 there is the same day
    expect(chicago.toISOString()).toBe('2026-11-25T14:00:00.000Z')
  })

  it('keeps the local digest time across a change of clocks', () => {
    // New York leaves daylight time on 2026-11-01 at 02:00
    const firedAt = new Date('2026-10-31T20:00:00Z')
    const due = deliveryDueAt({ ...base, mode: 'digest', firedAt, timeZone: 'America/New_York' })
    expect(localClock(due, 'America/New_York').minute).toBe(8 * 60)
    expect(due.toISOString()).toBe('2026-11-01T13:00:00.000Z')
  })

  it('pushes a digest out of a mute window too', () => {
    const firedAt = new Date('2026-11-25T10:00:00Z')
    const mornings = [{ days: [4], from: '07:30', to: '09:15' }]
    // the next 08:00 UTC is Thursday 2026-11-26, muted until 09:15
    const due = deliveryDueAt({ ...base, mode: 'digest', firedAt, muteTimes: mornings })
    expect(due.toISOString()).toBe('2026-11-26T09:15:00.000Z')
  })
})
