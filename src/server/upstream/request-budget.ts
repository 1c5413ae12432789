import type { Storage } from '../storage/storage'
import { servedInOrder } from './served-in-order'
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
  const { storage, accountId, now } = options
  const shape = bucketShape(options.perMinute)
  return servedInOrder({
    ...options,
    tryTake: () => storage.upstream.takeToken(accountId, shape, new Date(now())),
    onPause: (at) => storage.upstream.pauseRequests(accountId, new Date(at)).catch(() => undefined),
  })
}
