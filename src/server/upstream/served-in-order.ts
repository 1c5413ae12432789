/**
 * One caller at a time, in the order they asked; a pause (the upstream's 429) holds every caller until it
 * ends. `tryTake` answers 0 when the caller may go, else how long to wait before asking again.
 */
export function servedInOrder(options: {
  now: () => number
  sleep: (ms: number) => Promise<void>
  tryTake: () => number | Promise<number>
  onPause?: (at: number) => void
}) {
  const { now, sleep, tryTake } = options
  let queue: Promise<void> = Promise.resolve()
  let pausedUntil = 0
  async function takeOne() {
    for (;;) {
      const paused = pausedUntil - now()
      const wait = paused > 0 ? paused : await tryTake()
      if (wait === 0) return
      await sleep(wait)
    }
  }
  return {
    take() {
      const turn = queue.then(takeOne)
      // a caller whose take failed does not hold up the next
      queue = turn.catch(() => undefined)
      return turn
    },
    pauseUntil(at: number) {
      pausedUntil = Math.max(pausedUntil, at)
      options.onPause?.(at)
    },
  }
}
