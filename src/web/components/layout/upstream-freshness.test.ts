import { describe, expect, it } from 'vitest'
import { freshnessLine } from './upstream-freshness'

const now = Date.parse('2026-11-25T12:00:00Z')
const base = {
  base_url: 'https://api.terminal49.com/v2',
  detail: null,
  last_reconciled_at: null,
  webhook_registered: true,
}

describe('the upstream freshness line', () => {
  it('says when the upstream was last heard from', () => {
    expect(freshnessLine({ ...base, status: 'ok', last_heard_at: '2026-11-25T11:57:00Z' }, now)).toEqual({
      problem: false,
      text: 'Connected to api.terminal49.com · checked 3 min ago',
    })
  })

  it('says plainly that the upstream cannot be reached, and what Quayside does meanwhile', () => {
    const line = freshnessLine({ ...base, status: 'unreachable', last_heard_at: '2026-11-25T09:00:00Z' }, now)
    expect(line.problem).toBe(true)
    expect(line.text).toBe(
      'api.terminal49.com cannot be reached (last heard from 3 h ago). You see the copy kept here; changes that must go there are refused until it answers, and Quayside keeps trying.',
    )
  })

  it('names a refused key and a rate limit in words', () => {
    expect(freshnessLine({ ...base, status: 'unauthorised', last_heard_at: null }, now).text).toMatch(
      /refuses this account's API key \(not heard from yet\)/,
    )
    expect(freshnessLine({ ...base, status: 'rate_limited', last_heard_at: null }, now).text).toMatch(
      /is limiting requests/,
    )
  })
})
