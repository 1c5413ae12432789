import { describe, expect, it } from 'vitest'
import { chargesParamsFrom, periodProblem, presetPeriod } from './charges-period'

const NOW = new Date('2026-03-05T10:00:00Z')

describe('the charges period', () => {
  it('turns each preset into calendar dates, across a year end and a short February', () => {
    expect(presetPeriod('this_month', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-05' })
    expect(presetPeriod('last_month', NOW)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(presetPeriod('last_month', new Date('2026-01-10T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
    expect(presetPeriod('last_30', NOW)).toEqual({ from: '2026-02-04', to: '2026-03-05' })
    expect(presetPeriod('last_90', NOW).from).toBe('2025-12-06')
  })

  it('reads the URL, keeping a custom period and refusing malformed values', () => {
    const read = (query: string) => chargesParamsFrom(new URLSearchParams(query), NOW)
    expect(read('')).toEqual({
      group: 'customer',
      preset: 'this_month',
      from: '2026-03-01',
      to: '2026-03-05',
    })
    expect(read('group=terminal&period=custom&from=2026-01-01&to=2026-01-31')).toEqual({
      group: 'terminal',
      preset: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(read('group=vessel&period=custom&from=2026-02-30')).toMatchObject({
      group: 'customer',
      from: '2026-03-01',
    })
  })

  it('says what is wrong with a custom period before the service is asked', () => {
    expect(periodProblem('2026-03-02', '2026-03-01')).toMatch(/ends before/)
    expect(periodProblem('2025-01-01', '2026-03-01')).toMatch(/366/)
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeUndefined()
  })
})
