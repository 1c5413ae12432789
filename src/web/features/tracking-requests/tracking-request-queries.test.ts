import { describe, expect, it } from 'vitest'
import { pollDelay, requestListParamsFrom } from './tracking-request-queries'

describe('tracking request polling and list state', () => {
  it('waits longer after each check, up to 15 seconds', () => {
    const delays = [0, 1, 2, 3, 10, 20].map(pollDelay)
    expect(delays.slice(0, 4)).toEqual([1000, 1500, 2250, 3375])
    expect(delays.at(-1)).toBe(15_000)
    expect([...delays].sort((a, b) => a - b)).toEqual(delays)
  })

  it('reads the status and search from the URL, ignoring a status it does not know', () => {
    expect(requestListParamsFrom(new URLSearchParams('status=failed&q=MEDU&page=2'))).toEqual({
      filters: { q: 'MEDU', status: 'failed' },
      page: 2,
      size: 30,
    })
    expect(requestListParamsFrom(new URLSearchParams('status=everything')).filters.status).toBeUndefined()
  })
})
