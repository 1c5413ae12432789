import { describe, expect, it } from 'vitest'
import { tokenBucket } from './token-bucket'

/** A clock that only moves when the bucket sleeps. */
function fakeTime() {
  let now = 0
  const sleep = async (ms: number) => {
    now += ms
  }
  return { now: () => now, sleep }
}

describe('the token bucket', () => {
  it('lets no more than the limit through in any 60 seconds, however hard it is pushed', async () => {
    const time = fakeTime()
    const bucket = tokenBucket({ perMinute: 100, ...time })
    const at: number[] = []
    for (let i = 0; i < 500; i++) {
      await bucket.take()
      at.push(time.now())
    }
    let most = 0
    for (let i = 0; i < at.length; i++) {
      let j = i
      while (j < at.length && at[j] < at[i] + 60_000) j++
      most = Math.max(most, j - i)
    }
    expect(most).toBeLessThanOrEqual(100)
    // and no slower than it must be: a burst of 5, then 95 a minute
    expect(at.at(-1)).toBeLessThanOrEqual(Math.ceil((495 / 95) * 60_000) + 1000)
  })

  it('holds every request back until a pause ends', async () => {
    const time = fakeTime()
    const bucket = tokenBucket({ perMinute: 100, ...time })
    bucket.pauseUntil(30_000)
    await bucket.take()
    expect(time.now()).toBeGreaterThanOrEqual(30_000)
  })
})
