import type { Storage } from '../storage/storage'
import { bucketShape, type TokenBucket, tokenBucket } from './token-bucket'

type BudgetOptions = {
  storage: Storage
  accountId: string
  perMinute: number
  now: () => number
  sleep: (ms: number) => Promise<void>
}

/** On PostgreSQL a shared row, so three processes still send `perMinute` in all; PGlite's stays in memory. */
export function requestBudget(options: BudgetOptions): TokenBucket {
  if (options.storage.kind === 'pglite') return tokenBucket(options)
  const { storage, accountId, now, sleep } = options
  const shape = bucketShape(options.perMinute)
  let queue: Promise<void> = Promise.resolve()
  let pausedUntil = 0
  async function takeOne() {
    for (;;) {
      const paused = pausedUntil - now()
      const wait = paused > 0 ? paused : await storage.upstream.takeToken(accountId, shape, new Date(now()))
      if (wait === 0) return
      await sleep(wait)
    }
  }
  return {
    /** This process's callers are served in the order they asked. */
    take() {
      const turn = queue.then(takeOne)
      queue = turn.catch(() => undefined)
      return turn
    },
    pauseUntil(at: number) {
      pausedUntil = Math.max(pausedUntil, at)
      storage.upstream.pauseRequests(accountId, new Date(at)).catch(() => undefined)
    },
  }
}
