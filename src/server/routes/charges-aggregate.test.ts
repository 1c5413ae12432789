import { describe, expect, it } from 'vitest'
import { type ChargeSpan, dayOf } from '../../contract/charge-period'
import { aggregateCharges } from './charges-aggregate'

const TIERS = [
  { from_day: 1, per_day: 100 },
  { from_day: 4, per_day: 200 },
]
const NOVEMBER = { from: dayOf('2026-11-01'), to: dayOf('2026-11-30') }
const span = (lastFreeDay: string, days: number, settled: boolean, currency = 'USD'): ChargeSpan => ({
  lastFreeDay: dayOf(lastFreeDay),
  days,
  tiers: TIERS,
  currency,
  settled,
})

describe('charges per group', () => {
  it('sums settled and accruing demurrage per group, with days past free time and a container count', () => {
    const { rows, totals } = aggregateCharges(
      [
        { groupId: 'a', groupName: 'Acme', demurrage: span('2026-11-05', 5, true) },
        { groupId: 'a', groupName: 'Acme', demurrage: span('2026-11-20', 2, false) },
        // straddles Nov 1: days 1-2 in October, days 3-4 (Nov 1, 2) here
        { groupId: 'b', groupName: 'Bolt', demurrage: span('2026-10-29', 4, true) },
        // nothing in November
        { groupId: 'c', groupName: 'Cargo', demurrage: span('2026-10-01', 3, true) },
      ],
      NOVEMBER,
      false,
    )
    expect(rows).toEqual([
      {
        groupId: 'a',
        name: 'Acme',
        currency: 'USD',
        containers: 2,
        days_past_free_time: 7,
        demurrage_days: 7,
        demurrage_settled: 3 * 100 + 2 * 200,
        demurrage_accruing: 2 * 100,
        detention_days: null,
        detention_settled: null,
        detention_accruing: null,
      },
      expect.objectContaining({
        groupId: 'b',
        containers: 1,
        demurrage_days: 2,
        demurrage_settled: 100 + 200,
      }),
    ])
    expect(totals).toEqual([
      expect.objectContaining({
        currency: 'USD',
        containers: 3,
        days_past_free_time: 9,
        demurrage_settled: 1000,
      }),
    ])
  })

  it('leaves detention out as not available, never as zero charged', () => {
    const { rows } = aggregateCharges(
      [{ groupId: 'a', groupName: 'Acme', detention: span('2026-11-05', 5, true) }],
      NOVEMBER,
      false,
    )
    expect(rows).toEqual([])
  })

  it('adds detention beside demurrage once it is priced, counting the container once', () => {
    const { rows } = aggregateCharges(
      [
        {
          groupId: 't',
          groupName: 'Pier 400',
          demurrage: span('2026-11-03', 2, true),
          detention: span('2026-11-10', 4, false),
        },
      ],
      NOVEMBER,
      true,
    )
    expect(rows).toEqual([
      expect.objectContaining({
        containers: 1,
        days_past_free_time: 6,
        demurrage_days: 2,
        detention_days: 4,
        demurrage_settled: 200,
        detention_settled: 0,
        detention_accruing: 3 * 100 + 200,
      }),
    ])
  })

  it('keeps currencies apart: one row and one total per currency', () => {
    const { rows, totals } = aggregateCharges(
      [
        { groupId: 'a', groupName: 'Acme', demurrage: span('2026-11-05', 1, true) },
        { groupId: 'a', groupName: 'Acme', demurrage: span('2026-11-05', 1, true, 'EUR') },
        { groupId: null, groupName: 'No customer', demurrage: span('2026-11-05', 2, false) },
      ],
      NOVEMBER,
      false,
    )
    expect(rows.map((r) => [r.name, r.currency, r.demurrage_settled + r.demurrage_accruing])).toEqual([
      ['No customer', 'USD', 200],
      ['Acme', 'EUR', 100],
      ['Acme', 'USD', 100],
    ])
    expect(totals.map((t) => [t.currency, t.containers])).toEqual([
      ['USD', 2],
      ['EUR', 1],
    ])
  })
})

describe('containers alike, priced once', () => {
  it('counts a priced group of alike containers as that many containers', () => {
    const one = { groupId: 'a', groupName: 'Acme', demurrage: span('2026-11-05', 3, false) }
    const once = aggregateCharges([{ ...one, count: 4 }], NOVEMBER, false)
    const each = aggregateCharges([one, one, one, one], NOVEMBER, false)
    expect(once).toEqual(each)
    expect(once.rows[0]).toMatchObject({ containers: 4, demurrage_days: 12, demurrage_accruing: 1200 })
  })
})
