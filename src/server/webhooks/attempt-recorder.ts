import type { Clock } from '../clock'
import type { DeliveryResult } from '../storage/outbox-store'
import type { Storage } from '../storage/storage'

/** Only then are their leases let go. */
export function createAttemptRecorder(options: {
  storage: Storage
  clock: Clock
  disableAfterMs: number
  release: (notificationIds: string[]) => void
  onAccountChanged?: (accountId: string) => void
  log: (message: string) => void
}) {
  let results: DeliveryResult[] = []
  let flushing: Promise<void> = Promise.resolve()

  function flush() {
    flushing = flushing.then(async () => {
      while (results.length > 0) {
        const batch = results
        results = []
        try {
          await options.storage.outbox.record(batch, {
            now: options.clock.now(),
            disableAfterMs: options.disableAfterMs,
          })
          for (const accountId of new Set(batch.map((r) => r.accountId)))
            options.onAccountChanged?.(accountId)
        } catch (error) {
          options.log(`Could not record ${batch.length} webhook deliveries: ${(error as Error).message}`)
        } finally {
          options.release(batch.map((r) => r.notificationId))
        }
      }
    })
    return flushing
  }

  return {
    record(result: DeliveryResult) {
      results.push(result)
      void flush()
    },
    flush,
  }
}
