import { describe, expect, it } from 'vitest'
import { type ChargeSpan, chargeInPeriod, dateOfDay, dayOf } from './charge-period'
import { demurrageFor } from './demurrage'
import { demurrageSpan } from './demurrage-span'

const TIERS = [
  { from_day: 1, per_day: 150 },
  { from_day: 5, per_day: 225 },
  { from_day: 9, per_day: 350 },
]
const TARIFF = { currency: 'USD', tiers: TIERS }
const period = (from: string, to: string) => ({ from: dayOf(from), to: dayOf(to) })
const span = (lastFreeDay: string, days: number): ChargeSpan => ({
  lastFreeDay: dayOf(lastFreeDay),
  days,
  tiers: TIERS,
  currency: 'USD',
  settled: true,
})

describe('charges in a period', () => {
  it('prices every day at its own tier when the whole span is inside', () => {
    expect(chargeInPeriod(span('2026-11-02', 10), period('2026-11-01', '2026-11-30'))).toEqual({
      days: 10,
      amount: 4 * 150 + 4 * 225 + 2 * 350,
    })
    expect(chargeInPeriod(span('2026-11-02', 10), period('2026-11-01', '2026-11-30')).amount).toBe(
      demurrageFor(10, TIERS),
    )
  })

  it('charges a span straddling the period start only for its days inside, at their later tiers', () => {
    // days 1-3 are Oct 29-31; Nov 1-5 are days 4-8
    const straddling = span('2026-10-28', 8)
    expect(chargeInPeriod(straddling, period('2026-11-01', '2026-11-30'))).toEqual({
      days: 5,
      amount: 150 + 4 * 225,
    })
    expect(chargeInPeriod(straddling, period('2026-10-01', '2026-10-31'))).toEqual({
      days: 3,
      amount: 3 * 150,
    })
  })

  it('adds up over consecutive periods to the whole charge', () => {
    const long = span('2026-10-20', 40)
    const parts = [
      period('2026-10-01', '2026-10-31'),
      period('2026-11-01', '2026-11-30'),
      period('2026-12-01', '2026-12-31'),
    ].map((p) => chargeInPeriod(long, p))
    expect(parts.reduce((sum, p) => sum + p.days, 0)).toBe(40)
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(demurrageFor(40, TIERS))
  })

  it('charges nothing for a span that ends before the period or starts after it', () => {
    expect(chargeInPeriod(span('2026-10-01', 5), period('2026-11-01', '2026-11-30'))).toEqual({
      days: 0,
      amount: 0,
    })
    expect(chargeInPeriod(span('2026-12-01', 5), period('2026-11-01', '2026-11-30')).days).toBe(0)
    expect(chargeInPeriod(span('2026-11-10', 0), period('2026-11-01', '2026-11-30')).days).toBe(0)
  })

  it('numbers calendar days both ways', () => {
    expect(dateOfDay(dayOf('2026-02-28') + 1)).toBe('2026-03-01')
  })
})

const container = (extra: Record<string, unknown>) => ({
  pod_discharged_at: '2026-10-25T10:00:00Z',
  pod_timezone: 'America/Los_Angeles',
  ...extra,
})

describe('a container demurrage span', () => {
  it('runs from the local day after the last free day to pickup, and is then settled', () => {
    // the LFD is Nov 2 in Los Angeles; picked up Nov 6 at 22:00 local (Nov 7 06:00 UTC): 4 days
    const a = container({ pickup_lfd: '2026-11-03T06:59:59Z', pod_full_out_at: '2026-11-07T06:00:00Z' })
    expect(demurrageSpan(a, TARIFF, new Date('2026-11-20T00:00:00Z'))).toEqual({
      lastFreeDay: dayOf('2026-11-02'),
      days: 4,
      tiers: TIERS,
      currency: 'USD',
      settled: true,
    })
  })

  it('counts days in the zone of the port, not UTC', () => {
    const a = container({ pickup_lfd: '2026-11-03T06:59:59Z' })
    // 2026-11-06 02:00 UTC is still Nov 5 in Los Angeles: 3 days, not 4
    const waiting = demurrageSpan(a, TARIFF, new Date('2026-11-06T02:00:00Z'))
    expect(waiting).toMatchObject({ days: 3, settled: false })
    const tokyo = demurrageSpan(
      { ...a, pod_timezone: 'Asia/Tokyo', pickup_lfd: '2026-11-02T14:59:59Z' },
      TARIFF,
      new Date('2026-11-06T02:00:00Z'),
    )
    expect(tokyo).toMatchObject({ lastFreeDay: dayOf('2026-11-02'), days: 4 })
  })

  it('accrues to now while it waits, and a pickup after now is not yet a pickup', () => {
    const a = container({ pickup_lfd: '2026-11-03T06:59:59Z', pod_full_out_at: '2026-11-30T20:00:00Z' })
    expect(demurrageSpan(a, TARIFF, new Date('2026-11-05T20:00:00Z'))).toMatchObject({
      days: 3,
      settled: false,
    })
  })

  it('prices a rail last free day by the rail storage tariff, in the ramp zone', () => {
    const a = container({
      pickup_lfd: '2026-11-03T05:59:59Z',
      final_destination_timezone: 'America/Chicago',
      import_deadlines: { pickup_lfd_rail: '2026-11-03T05:59:59Z' },
      final_destination_full_out_at: '2026-11-05T15:00:00Z',
    })
    const rail = demurrageSpan(a, TARIFF, new Date('2026-11-20T00:00:00Z'))
    expect(rail).toMatchObject({ lastFreeDay: dayOf('2026-11-02'), days: 3, settled: true })
    expect(demurrageFor(rail?.days ?? 0, rail?.tiers ?? [])).toBe(100 + 100 + 150)
  })

  it('has none without a tariff, a last free day or a discharge', () => {
    const now = new Date('2026-11-20T00:00:00Z')
    expect(demurrageSpan(container({ pickup_lfd: '2026-11-03T06:59:59Z' }), null, now)).toBeUndefined()
    expect(demurrageSpan(container({}), TARIFF, now)).toBeUndefined()
    expect(
      demurrageSpan({ pickup_lfd: '2026-11-03T06:59:59Z', pod_timezone: 'UTC' }, TARIFF, now),
    ).toBeUndefined()
  })

  it('charges nothing when picked up on or before the last free day', () => {
    const a = container({ pickup_lfd: '2026-11-03T06:59:59Z', pod_full_out_at: '2026-11-02T18:00:00Z' })
    expect(demurrageSpan(a, TARIFF, new Date('2026-11-20T00:00:00Z'))).toMatchObject({ days: 0 })
  })
})
