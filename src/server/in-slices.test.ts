import { describe, expect, it } from 'vitest'
import { eachInSlices, mapInSlices } from './in-slices'

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

describe('work in slices', () => {
  it('gives a timer its turn between slices, so no wait is much longer than a slice', async () => {
    let ticks = 0
    let longestGap = 0
    let last = performance.now()
    const timer = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last)
      last = performance.now()
      ticks++
    }, 1)
    await eachInSlices(Array.from({ length: 200 }), () => busy(1), 10)
    clearInterval(timer)
    // 200 ms of work: the timer ran between its slices, and waited far less than the whole
    expect(ticks).toBeGreaterThan(5)
    expect(longestGap).toBeLessThan(150)
  })

  it('keeps every item made, in order', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => i)
    expect(await mapInSlices(items, (i) => i * 2, 0)).toEqual(items.map((i) => i * 2))
  })
})
