/**
 * Paces requests to an upstream: at most `perMinute` in any 60 seconds. The bucket holds `burst`
 * tokens and refills at (perMinute - burst) a minute, so a full bucket spent at once plus a minute of
 * refill is still `perMinute`. `pauseUntil` holds every request back (an upstream's Retry-After).
 */
export function tokenBucket(options: {
  perMinute: number
  burst?: number
  now: () => number
  sleep: (ms: number) => Promise<void>
}) {
  const burst = Math.max(1, Math.min(options.burst ?? 5, options.perMinute - 1))
  const perMs = Math.max(options.perMinute - burst, 1) / 60_000
  let tokens = burst
  let updatedAt = options.now()
  let pausedUntil = 0
  let queue: Promise<void> = Promise.resolve()

  const refill = () => {
    const at = options.now()
    tokens = Math.min(burst, tokens + (at - updatedAt) * perMs)
    updatedAt = at
  }

  async function takeOne() {
    for (;;) {
      const paused = pausedUntil - options.now()
      if (paused > 0) {
        await options.sleep(paused)
        continue
      }
      refill()
      if (tokens >= 1) {
        tokens -= 1
        return
      }
      await options.sleep(Math.ceil((1 - tokens) / perMs))
    }
  }

  return {
    /** Waits for a token; callers are served in the order they asked. */
    take() {
      const turn = queue.then(takeOne)
      queue = turn.catch(() => undefined)
      return turn
    },
    pauseUntil(at: number) {
      pausedUntil = Math.max(pausedUntil, at)
    },
  }
}
export type TokenBucket = ReturnType<typeof tokenBucket>
