import { describe, expect, it } from 'vitest'
import {
  detentionIfReturned,
  detentionProjection,
  emptyDaysLeft,
  returnDeadlineOf,
  tariffForPort,
} from './detention'

const LA = 'America/Los_Angeles'
const NY = 'America/New_York'
const deadline = (pickedUp: string, zone: string, free_days: number, weekends_excluded = false) =>
  returnDeadlineOf(new Date(pickedUp), zone, { free_days, weekends_excluded }).toISOString()

const TIERS = [
  { from_day: 5, per_day: 175 },
  { from_day: 1, per_day: 100 },
]
/** Picked up in Los Angeles on Monday Nov 23 2026; 4 free days: due back by the end of Friday Nov 27. */
const PICKED_UP = {
  pod_full_out_at: '2026-11-23T18:00:00Z',
  pod_timezone: LA,
  empty_return_deadline: '2026-11-28T07:59:59.000Z',
  detention_tariff: { currency: 'USD', free_days: 4, tiers: TIERS, source: 'Test tariff' },
}

describe('the empty-return deadline', () => {
  it('counts calendar free days from the local day of pickup and ends at the end of the last one', () => {
    expect(deadline('2026-11-23T18:00:00Z', LA, 4)).toBe('2026-11-28T07:59:59.000Z')
    expect(deadline('2026-11-23T18:00:00Z', LA, 0)).toBe('2026-11-24T07:59:59.000Z')
  })

  it('skips Saturdays and Sundays when the tariff excludes weekends', () => {
    // Thursday Nov 19: Fri 20, Mon 23, Tue 24, Wed 25
    expect(deadline('2026-11-19T18:00:00Z', LA, 4, true)).toBe('2026-11-26T07:59:59.000Z')
    expect(deadline('2026-11-19T18:00:00Z', LA, 4, false)).toBe('2026-11-24T07:59:59.000Z')
    // picked up on a Saturday: the free days start on Monday
    expect(deadline('2026-11-21T18:00:00Z', LA, 1, true)).toBe('2026-11-24T07:59:59.000Z')
  })

  it('reads the day of pickup in the zone of the place of pickup', () => {
    // 06:00Z on Nov 24 is still Nov 23 in Los Angeles, already Nov 24 in New York
    expect(deadline('2026-11-24T06:00:00Z', LA, 2)).toBe('2026-11-26T07:59:59.000Z')
    expect(deadline('2026-11-24T06:00:00Z', NY, 2)).toBe('2026-11-27T04:59:59.000Z')
  })

  it('ends the last free day on the local clock across daylight saving changes', () => {
    expect(deadline('2026-10-29T18:00:00Z', LA, 2)).toBe('2026-11-01T06:59:59.000Z')
    expect(deadline('2026-10-30T18:00:00Z', LA, 3)).toBe('2026-11-03T07:59:59.000Z')
    expect(deadline('2026-03-06T18:00:00Z', LA, 2)).toBe('2026-03-09T06:59:59.000Z')
  })

  it('picks the lane a port of discharge belongs to, else the line default', () => {
    const tariffs = [
      { ports: ['USNYC', 'USSAV'], free_days: 5 },
      { ports: null, free_days: 4 },
      { ports: ['USLAX'], free_days: 3 },
    ]
    expect(tariffForPort(tariffs, 'USLAX')?.free_days).toBe(3)
    expect(tariffForPort(tariffs, 'USSAV')?.free_days).toBe(5)
    expect(tariffForPort(tariffs, 'USHOU')?.free_days).toBe(4)
    expect(tariffForPort([{ ports: ['USLAX'], free_days: 3 }], 'USHOU')).toBeUndefined()
  })
})

describe('detention if returned on a given day', () => {
  const on = (instant: string) => detentionIfReturned(PICKED_UP, new Date(instant))

  it('charges nothing up to the deadline, and names the first day rate as each further day', () => {
    expect(on('2026-11-28T07:00:00Z')).toMatchObject({ days: 0, cost: 0, perDay: 100 })
  })

  it('charges each day past the deadline by its tier, counted in the zone of pickup', () => {
    // Thursday Dec 3 in Los Angeles: 6 days past Friday Nov 27
    expect(on('2026-12-03T18:00:00Z')).toMatchObject({ days: 6, cost: 4 * 100 + 2 * 175, perDay: 175 })
    // 07:00Z on Dec 3 is still Dec 2 in Los Angeles
    expect(on('2026-12-03T07:00:00Z')).toMatchObject({ days: 5, cost: 4 * 100 + 175, perDay: 175 })
    expect(on('2026-11-30T18:00:00Z')).toMatchObject({ days: 3, cost: 300, perDay: 100 })
  })

  it('is unknown without a deadline or a tariff', () => {
    expect(detentionIfReturned({ ...PICKED_UP, empty_return_deadline: null }, new Date())).toBeUndefined()
    expect(detentionIfReturned({ ...PICKED_UP, detention_tariff: null }, new Date())).toBeUndefined()
  })

  it('counts days left to the deadline until the empty is back, then settles on what it came to', () => {
    expect(emptyDaysLeft(PICKED_UP, new Date('2026-11-25T18:00:00Z'))).toBe(2)
    expect(emptyDaysLeft(PICKED_UP, new Date('2026-11-29T18:00:00Z'))).toBe(-2)
    const returned = { ...PICKED_UP, empty_terminated_at: '2026-11-30T18:00:00Z' }
    expect(emptyDaysLeft(returned, new Date('2026-12-09T18:00:00Z'))).toBeUndefined()
    expect(detentionProjection(returned, new Date('2026-12-09T18:00:00Z'))).toMatchObject({
      days: 3,
      cost: 300,
      returned: true,
    })
  })
})
