import { servedInOrder } from './served-in-order'

/** How many tokens a bucket of `perMinute` holds (5 unless said), and how many it gains a millisecond. */
export function bucketShape(perMinute: number, burstAsked = 5) {
  const burst = Math.max(1, Math.min(burstAsked, perMinute - 1))
  return { burst, perMs: Math.max(perMinute - burst, 1) / 60_000 }
}

/** Refills at (perMinute - burst) a minute, so a full bucket spent at once plus a minute is still `perMinute`. */
export function tokenBucket(options: {
  perMinute: number
  burst?: number
  now: () => number
  sleep: (ms: number) => Promise<void>
}) {
  const { burst, perMs } = bucketShape(options.perMinute, options.burst)
  let tokens = burst
  let updatedAt = options.now()
  const tryTake = () => {
    const at = options.now()
    tokens = Math.min(burst, tokens + (at - updatedAt) * perMs)
    updatedAt = at
    if (tokens < 1) return Math.ceil((1 - tokens) / perMs)
    tokens -= 1
    return 0
  }
  return servedInOrder({ ...options, tryTake })
}
export type TokenBucket = ReturnType<typeof tokenBucket>
