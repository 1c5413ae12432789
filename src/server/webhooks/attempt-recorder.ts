import type { Clock } from '../clock'
import type { DeliveryResult } from '../storage/outbox-store'
import type { Storage } from '../storage/storage'

const WRITE_TRIES = 5
const RETRY_WAIT_MS = 200

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

  /** A batch whose write failed (a deadlock, a dropped connection) is written again: its deliveries were sent. */
  async function write(batch: DeliveryResult[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.storage.outbox.record(batch, {
          now: options.clock.now(),
          disableAfterMs: options.disableAfterMs,
        })
        for (const accountId of new Set(batch.map((r) => r.accountId))) options.onAccountChanged?.(accountId)
        return
      } catch (error) {
        options.log(
          `Could not record ${batch.length} webhook deliveries (try ${attempt} of ${WRITE_TRIES}): ${(error as Error).message}`,
        )
        // until it is written, the leases stay held: nobody sends these again meanwhile
        if (attempt >= WRITE_TRIES) return
        await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS * attempt))
      }
    }
  }

  function flush() {
    flushing = flushing.then(async () => {
      while (results.length > 0) {
        const batch = results
        results = []
        try {
          await write(batch)
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
