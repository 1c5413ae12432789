import { describe, expect, it } from 'vitest'
import { eachInSlices } from './in-slices'

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

describe('work in slices', () => {
  it('gives a timer its turn between slices, so no wait holds more than a slice of work', async () => {
    let done = 0
    const seenAtTicks: number[] = []
    const timer = setInterval(() => seenAtTicks.push(done), 1)
    await eachInSlices(
      Array.from({ length: 200 }),
      () => {
        busy(1)
        done++
      },
      10,
    )
    clearInterval(timer)
    // counted in work, not in wall time: a busy machine makes a slice hold fewer items, never more
    const between = seenAtTicks.slice(1).map((seen, i) => seen - seenAtTicks[i])
    expect(seenAtTicks.length).toBeGreaterThan(5)
    expect(Math.max(...between)).toBeLessThanOrEqual(11)
  })

  it('visits every item once, in order', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => i)
    const seen: number[] = []
    await eachInSlices(items, (i) => seen.push(i), 0)
    expect(seen).toEqual(items)
  })
})
