import type { Clock } from '../clock'
import type { ClaimedDelivery } from '../storage/outbox-store'
import type { Storage } from '../storage/storage'
import { createAttemptRecorder } from './attempt-recorder'
import { attemptDelivery } from './delivery-attempt'
import { createDeliverySlots } from './delivery-slots'
import { createLeaseKeeper } from './lease-keeper'
import { type Allowlist, createAddressGuard } from './url-safety'
import { createWaker } from './waker'

const DISABLE_AFTER_MS = 5 * 24 * 3_600_000

type DispatcherDeps = {
  storage: Storage
  clock: Clock
  /** Real time: the signature timestamp a receiver checks. */
  wallClock: Clock
  /** In production `pinnedFetch`, which resolves and checks each host as it connects. */
  fetch: typeof fetch
  random: () => number
  allowlist: Allowlist
  concurrency?: number
  /** So a slow or failing endpoint never holds up the rest. */
  perWebhook?: number
  timeoutMs?: number
  leaseSeconds?: number
  idleWaitMs?: number
  disableAfterMs?: number
  /** So their notifications' new state is not served stale. */
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/** A retry takes a slot only while retries hold under half of them. */
function slotFiller(
  options: {
    storage: Storage
    clock: Clock
    slots: ReturnType<typeof createDeliverySlots>
    concurrency: number
    perWebhook: number
    leaseSeconds: number
  },
  start: (delivery: ClaimedDelivery) => void,
) {
  const { storage, slots, concurrency, perWebhook } = options
  return async function fill() {
    const free = concurrency - slots.inFlight
    if (free <= 0) return 0
    const claimed = await storage.outbox.claimDue({
      now: options.clock.now(),
      leaseSeconds: options.leaseSeconds,
      limit: free,
      retryLimit: Math.max(0, Math.floor(concurrency / 2) - slots.retries),
      busyWebhookIds: slots.busyWebhookIds(),
    })
    const excess: string[] = []
    // start takes the slot at once, so the load already counts this batch
    for (const delivery of claimed) {
      if (slots.load(delivery.webhook.id) >= perWebhook) excess.push(delivery.notification.id)
      else start(delivery)
    }
    await storage.outbox.release(excess)
    return claimed.length - excess.length
  }
}

/** One query per quarter of the slots freed, not one per delivery. */
async function keepFilling(options: {
  isRunning: () => boolean
  slots: ReturnType<typeof createDeliverySlots>
  concurrency: number
  fill: () => Promise<number>
  pause: (ms: number) => Promise<void>
  idleWaitMs: number
  log: (message: string) => void
}) {
  const { slots, concurrency, pause, idleWaitMs } = options
  const refillAt = Math.max(1, Math.floor(concurrency / 4))
  while (options.isRunning()) {
    if (concurrency - slots.inFlight < refillAt) {
      await pause(idleWaitMs)
      continue
    }
    let started = 0
    try {
      started = await options.fill()
    } catch (error) {
      options.log(`Webhook dispatcher could not claim deliveries: ${(error as Error).message}`)
    }
    if (started === 0) await pause(idleWaitMs)
  }
}

/** Retried with backoff and jitter up to 12 times; fresh notifications always have at least half the slots. */
export function createDispatcher(deps: DispatcherDeps) {
  const concurrency = deps.concurrency ?? 128
  const perWebhook = deps.perWebhook ?? 8
  const timeoutMs = deps.timeoutMs ?? 10_000
  const leaseSeconds = deps.leaseSeconds ?? Math.ceil(timeoutMs / 1000) * 6
  const idleWaitMs = deps.idleWaitMs ?? 1000
  const log = deps.log ?? console.error
  const attemptDeps = { ...deps, guard: createAddressGuard({ allowlist: deps.allowlist }), timeoutMs }
  const slots = createDeliverySlots(perWebhook)
  const { wake, pause } = createWaker()
  const leases = createLeaseKeeper({
    leaseSeconds,
    renew: (ids, seconds) => deps.storage.outbox.renewLeases(ids, seconds),
    log,
  })
  const recorder = createAttemptRecorder({
    ...deps,
    disableAfterMs: deps.disableAfterMs ?? DISABLE_AFTER_MS,
    release: (ids) => leases.release(ids),
    log,
  })
  let running = false
  let loop: Promise<void> = Promise.resolve()

  function start(delivery: ClaimedDelivery) {
    slots.take(delivery)
    leases.hold(delivery.notification.id)
    void attemptDelivery(attemptDeps, delivery)
      .then((result) => recorder.record(result))
      .catch((error: Error) => {
        leases.release([delivery.notification.id])
        log(`Webhook delivery ${delivery.notification.id} failed: ${error.message}`)
      })
      .finally(() => {
        slots.free(delivery)
        wake()
      })
  }

  const fill = slotFiller(
    { storage: deps.storage, clock: deps.clock, slots, concurrency, perWebhook, leaseSeconds },
    start,
  )

  return {
    start() {
      if (running) return
      running = true
      loop = keepFilling({ isRunning: () => running, slots, concurrency, fill, pause, idleWaitMs, log })
    },
    wake,
    async stop() {
      running = false
      wake()
      await loop
      while (slots.inFlight > 0) await pause(10)
      await recorder.flush()
      leases.stop()
    },
    async drain() {
      while ((await fill()) > 0 || slots.inFlight > 0) await pause(5)
      await recorder.flush()
    },
  }
}
