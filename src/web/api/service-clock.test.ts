import { afterEach, describe, expect, it, vi } from 'vitest'
import { noteServiceTime, serviceNow } from './service-clock'

const answer = (headers: Record<string, string>) => new Response(null, { status: 204, headers })

describe('serviceNow', () => {
  afterEach(() => vi.useRealTimers())

  it("runs on the service's clock once an answer names it", () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T00:00:00Z') })
    noteServiceTime(answer({ 'Quayside-Time': '2026-11-29T12:00:00Z' }))
    vi.advanceTimersByTime(60_000)
    expect(serviceNow().toISOString()).toBe('2026-11-29T12:01:00.000Z')
  })

  it('keeps what it knew when an answer does not say, or says nonsense', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T00:00:00Z') })
    noteServiceTime(answer({ 'Quayside-Time': '2026-11-27T00:00:00Z' }))
    noteServiceTime(answer({}))
    noteServiceTime(answer({ 'Quayside-Time': 'not a time' }))
    expect(serviceNow().toISOString()).toBe('2026-11-27T00:00:00.000Z')
  })
})
