import { describe, expect, it } from 'vitest'
import { servedInOrder } from './served-in-order'

/** A clock that only moves when a caller sleeps. */
function fakeTime() {
  let now = 0
  const sleep = async (ms: number) => {
    now += ms
  }
  return { now: () => now, sleep }
}

describe('callers served in order', () => {
  it('serves callers one at a time in the order they asked, each waiting as long as it is told', async () => {
    const time = fakeTime()
    const answers = [0, 500, 0, 0]
    const asked: number[] = []
    const gate = servedInOrder({
      ...time,
      tryTake: async () => {
        asked.push(time.now())
        return answers.shift() ?? 0
      },
    })
    const served: string[] = []
    await Promise.all(['a', 'b', 'c'].map((name) => gate.take().then(() => served.push(name))))
    expect(served).toEqual(['a', 'b', 'c'])
    expect(asked).toEqual([0, 0, 500, 500])
  })

  it('holds every caller until a pause ends, and tells whoever keeps the pause', async () => {
    const time = fakeTime()
    const pauses: number[] = []
    const asked: number[] = []
    const gate = servedInOrder({
      ...time,
      tryTake: () => asked.push(time.now()) && 0,
      onPause: (at) => pauses.push(at),
    })
    gate.pauseUntil(30_000)
    gate.pauseUntil(10_000)
    await gate.take()
    expect(time.now()).toBe(30_000)
    expect(asked).toEqual([30_000])
    expect(pauses).toEqual([30_000, 10_000])
  })

  it('does not let a caller whose take failed hold up the next', async () => {
    const time = fakeTime()
    let calls = 0
    const gate = servedInOrder({
      ...time,
      tryTake: () => {
        calls++
        if (calls === 1) throw new Error('the shared row could not be read')
        return 0
      },
    })
    const first = gate.take()
    const second = gate.take()
    await expect(first).rejects.toThrow('the shared row')
    await expect(second).resolves.toBeUndefined()
  })
})
