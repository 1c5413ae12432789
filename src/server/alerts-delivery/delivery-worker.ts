import { randomUUID } from 'node:crypto'
import type { Clock } from '../clock'
import type { ClaimedBatch } from '../storage/alert-delivery-store'
import { MAX_RETRIES, retryDelayMs } from '../webhooks/backoff'
import { createLeaseKeeper } from '../webhooks/lease-keeper'
import { createWaker } from '../webhooks/waker'
import { type SendDeps, sendBatch } from './send-batch'

type WorkerDeps = Omit<SendDeps, 'chatTimeoutMs'> & {
  clock: Clock
  random: () => number
  chatTimeoutMs?: number
  /** If a process dies mid-send, another sends the same batch once this has passed. */
  leaseSeconds?: number
  idleWaitMs?: number
  concurrency?: number
  log?: (message: string) => void
  /** Names this process in the leases it takes. */
  holder?: string
}

/** Sends each claimed batch once; a failure is retried with backoff as the same message (same id). */
function batchSender(deps: WorkerDeps & { chatTimeoutMs: number }, release: (id: string) => void) {
  const log = deps.log ?? console.error
  return async (batch: ClaimedBatch) => {
    try {
      await sendBatch(deps, batch)
      await deps.storage.alertDelivery.markSent(batch.id, deps.clock.now())
    } catch (error) {
      const attempts = batch.attempts + 1
      const message = (error as Error).message
      const next =
        attempts >= MAX_RETRIES
          ? null
          : new Date(deps.clock.now().getTime() + retryDelayMs(attempts, deps.random))
      log(`Alert message ${batch.id} to ${batch.channel} failed (attempt ${attempts}): ${message}`)
      await deps.storage.alertDelivery
        .markFailed(batch.id, message, next)
        .catch((failure: Error) => log(`Could not record alert message ${batch.id}: ${failure.message}`))
    } finally {
      release(batch.id)
    }
  }
}

/** Runs in every process, like the webhook dispatcher: batches what is due, then sends what it holds the lease on. */
export function createAlertDelivery(deps: WorkerDeps) {
  const holder = deps.holder ?? randomUUID()
  // renewed every third of it while a message is sent; after a crash, another process resends this soon
  const leaseSeconds = deps.leaseSeconds ?? 30
  const concurrency = deps.concurrency ?? 4
  const idleWaitMs = deps.idleWaitMs ?? 1000
  const log = deps.log ?? console.error
  const { storage } = deps
  const leases = createLeaseKeeper({
    leaseSeconds,
    renew: (ids, seconds) => storage.alertDelivery.renewLeases(ids, holder, seconds),
    log,
    what: 'alert message',
  })
  const send = batchSender({ ...deps, chatTimeoutMs: deps.chatTimeoutMs ?? 10_000 }, (id) =>
    leases.release([id]),
  )
  const { wake, pause } = createWaker()
  let running = false
  let loop: Promise<void> = Promise.resolve()

  /** One round: what is due becomes batches, and up to `concurrency` of them are sent. Returns how many. */
  async function runDue() {
    const now = deps.clock.now()
    await storage.alertDelivery.batchDue(now)
    const claimed = await storage.alertDelivery.claimBatches({
      now,
      holder,
      leaseSeconds,
      limit: concurrency,
    })
    for (const batch of claimed) leases.hold(batch.id)
    await Promise.all(claimed.map(send))
    return claimed.length
  }

  async function keepSending() {
    while (running) {
      let sent = 0
      try {
        sent = await runDue()
      } catch (error) {
        log(`Alert delivery could not claim messages: ${(error as Error).message}`)
      }
      if (sent === 0) await pause(idleWaitMs)
    }
  }

  return {
    runDue,
    wake,
    start() {
      if (running) return
      running = true
      loop = keepSending()
    },
    async stop() {
      running = false
      wake()
      await loop
      leases.stop()
    },
    /** Until nothing due is left unsent (tests). */
    async drain() {
      while ((await runDue()) > 0) {}
    },
  }
}
