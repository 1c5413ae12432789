import { describe, expect, it } from 'vitest'
import { detentionIfReturnedOn } from './detention-on-return'

const tariff = {
  free_days: 4,
  weekends_excluded: false,
  currency: 'USD',
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 3, per_day: 175 },
  ],
  source: 'Illustrative',
}
const pickedUp = {
  pod_full_out_at: '2026-11-10T15:00:00Z',
  pod_timezone: 'America/Los_Angeles',
  empty_return_deadline: '2026-11-14T07:59:59Z',
  detention_tariff: tariff,
}

describe("an assistant's detention if the empty is returned on a day", () => {
  it('prices the days past the deadline with the line’s tiers, in the zone of pickup', () => {
    const late = detentionIfReturnedOn(pickedUp, '2026-11-17')
    expect(late).toMatchObject({ deadline_day: '2026-11-13', days_late: 4, amount: 100 + 100 + 175 + 175 })
    expect(late.words).toContain('$550.00')
    expect(detentionIfReturnedOn(pickedUp, '2026-11-13')).toMatchObject({ days_late: 0, amount: 0 })
  })

  it('says when nothing can be priced, and when the empty is back', () => {
    expect(detentionIfReturnedOn({ pod_timezone: 'UTC' }, '2026-11-17').known).toBe(false)
    expect(
      detentionIfReturnedOn({ ...pickedUp, empty_terminated_at: '2026-11-12T10:00:00Z' }, '2026-11-17')
        .amount,
    ).toBeNull()
  })
})
