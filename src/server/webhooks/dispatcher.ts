import type { Clock } from '../clock'
import type { ClaimedDelivery, DeliveryResult } from '../storage/outbox-store'
import type { Storage } from '../storage/storage'
import { MAX_RETRIES, retryDelayMs } from './backoff'
import { deliver } from './deliver'
import { createLeaseKeeper } from './lease-keeper'
import { type Allowlist, createAddressGuard } from './url-safety'

const DISABLE_AFTER_MS = 5 * 24 * 3_600_000

/** The rotated-out secret while it still signs, else nothing. */
const liveSecret = (
  webhook: { previous_secret: string | null; previous_secret_expires_at: Date | null },
  now: Date,
) =>
  webhook.previous_secret && webhook.previous_secret_expires_at && webhook.previous_secret_expires_at > now
    ? webhook.previous_secret
    : null

type DispatcherDeps = {
  storage: Storage
  /** Service time: when a notification is due and when its retry is. */
  clock: Clock
  /** Real time: the signature timestamp a receiver checks, and the rotated-out secret's grace, set on it too. */
  wallClock: Clock
  /** Reaches the receivers; in production `pinnedFetch`, which resolves and checks each host as it connects. */
  fetch: typeof fetch
  random: () => number
  allowlist: Allowlist
  /** Deliveries in flight at once, over every webhook. */
  concurrency?: number
  /** Deliveries in flight at once to one webhook, so a slow or failing endpoint never holds up the rest. */
  perWebhook?: number
  timeoutMs?: number
  leaseSeconds?: number
  idleWaitMs?: number
  /** A webhook whose every delivery has failed for this long is turned off (default 5 days). */
  disableAfterMs?: number
  /** Told when deliveries were recorded, so their notifications' new state is not served stale. */
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/**
 * Delivers the webhook outbox: a steady pipeline that claims due notifications as slots free up,
 * POSTs them signed, and records every attempt; failures are retried with backoff and jitter up to
 * 12 times. Fresh notifications always have at least half the slots.
 */
export function createDispatcher(deps: DispatcherDeps) {
  const concurrency = deps.concurrency ?? 128
  const perWebhook = deps.perWebhook ?? 8
  const timeoutMs = deps.timeoutMs ?? 10_000
  const leaseSeconds = deps.leaseSeconds ?? Math.ceil(timeoutMs / 1000) * 6
  const log = deps.log ?? console.error
  const inFlightByWebhook = new Map<string, number>()
  const guard = createAddressGuard({ allowlist: deps.allowlist })
  const leases = createLeaseKeeper({
    leaseSeconds,
    renew: (ids, seconds) => deps.storage.outbox.renewLeases(ids, seconds),
    log,
  })
  let inFlight = 0
  let retriesInFlight = 0
  let results: DeliveryResult[] = []
  let flushing: Promise<void> = Promise.resolve()
  let running = false
  let wakeUp: (() => void) | undefined
  let loop: Promise<void> = Promise.resolve()

  const wake = () => wakeUp?.()
  const pause = (ms: number) =>
    new Promise<void>((resume) => {
      const timer = setTimeout(() => {
        wakeUp = undefined
        resume()
      }, ms)
      wakeUp = () => {
        clearTimeout(timer)
        wakeUp = undefined
        resume()
      }
    })

  function flush() {
    flushing = flushing.then(async () => {
      while (results.length > 0) {
        const batch = results
        results = []
        try {
          await deps.storage.outbox.record(batch, {
            now: deps.clock.now(),
            disableAfterMs: deps.disableAfterMs ?? DISABLE_AFTER_MS,
          })
          for (const accountId of new Set(batch.map((r) => r.accountId))) deps.onAccountChanged?.(accountId)
        } catch (error) {
          log(`Could not record ${batch.length} webhook deliveries: ${(error as Error).message}`)
        } finally {
          leases.release(batch.map((r) => r.notificationId))
        }
      }
    })
    return flushing
  }

  async function send({ notification, webhook }: ClaimedDelivery): Promise<DeliveryResult> {
    const attempt = webhook.active
      ? await deliver({
          fetch: deps.fetch,
          target: { ...webhook, previousSecret: liveSecret(webhook, deps.wallClock.now()) },
          notificationId: notification.id,
          body: notification.payload,
          timestampSeconds: Math.floor(deps.wallClock.now().getTime() / 1000),
          timeoutMs,
          urlProblem: guard.urlProblem(webhook.url),
        })
      : null
    const now = deps.clock.now()
    const retries = notification.attempts
    const outcome = attempt?.succeeded ? 'succeeded' : !attempt || retries >= MAX_RETRIES ? 'failed' : 'retry'
    return {
      notificationId: notification.id,
      accountId: notification.account_id,
      outcome,
      nextAttemptAt:
        outcome === 'retry' ? new Date(now.getTime() + retryDelayMs(retries + 1, deps.random)) : now,
      attempt: {
        notification_id: notification.id,
        status_code: attempt?.statusCode ?? null,
        duration_ms: attempt?.durationMs ?? 0,
        response_excerpt: attempt?.responseBody ?? null,
        error: attempt ? attempt.error : 'The webhook was deactivated before this notification was sent',
        request_headers: attempt?.requestHeaders ?? null,
        attempted_at: now,
      },
    }
  }

  function start(delivery: ClaimedDelivery) {
    const webhookId = delivery.webhook.id
    const retry = delivery.notification.attempts > 0
    inFlight++
    leases.hold(delivery.notification.id)
    if (retry) retriesInFlight++
    inFlightByWebhook.set(webhookId, (inFlightByWebhook.get(webhookId) ?? 0) + 1)
    void send(delivery)
      .then((result) => {
        results.push(result)
        void flush()
      })
      .catch((error: Error) => {
        leases.release([delivery.notification.id])
        log(`Webhook delivery ${delivery.notification.id} failed: ${error.message}`)
      })
      .finally(() => {
        inFlight--
        if (retry) retriesInFlight--
        const left = (inFlightByWebhook.get(webhookId) ?? 1) - 1
        if (left === 0) inFlightByWebhook.delete(webhookId)
        else inFlightByWebhook.set(webhookId, left)
        wake()
      })
  }

  /** Claims what fits in the free slots and starts it; answers how many deliveries it started. */
  async function fill() {
    const free = concurrency - inFlight
    if (free <= 0) return 0
    const busy = [...inFlightByWebhook].filter(([, n]) => n >= perWebhook).map(([id]) => id)
    const claimed = await deps.storage.outbox.claimDue({
      now: deps.clock.now(),
      leaseSeconds,
      limit: free,
      retryLimit: Math.max(0, Math.floor(concurrency / 2) - retriesInFlight),
      busyWebhookIds: busy,
    })
    const taken = new Map<string, number>()
    const excess: string[] = []
    let started = 0
    for (const delivery of claimed) {
      const id = delivery.webhook.id
      const load = (inFlightByWebhook.get(id) ?? 0) + (taken.get(id) ?? 0)
      if (load >= perWebhook) {
        excess.push(delivery.notification.id)
        continue
      }
      taken.set(id, (taken.get(id) ?? 0) + 1)
      start(delivery)
      started++
    }
    await deps.storage.outbox.release(excess)
    return started
  }

  async function run() {
    // claim in batches: one query per quarter of the slots freed, not one per delivery
    const refillAt = Math.max(1, Math.floor(concurrency / 4))
    while (running) {
      if (concurrency - inFlight < refillAt) {
        await pause(deps.idleWaitMs ?? 1000)
        continue
      }
      let started = 0
      try {
        started = await fill()
      } catch (error) {
        log(`Webhook dispatcher could not claim deliveries: ${(error as Error).message}`)
      }
      if (started === 0) await pause(deps.idleWaitMs ?? 1000)
    }
  }

  return {
    /** Starts delivering in the background. */
    start() {
      if (running) return
      running = true
      loop = run()
    },
    /** Tells the dispatcher that new notifications are waiting. */
    wake,
    /** Stops claiming, lets deliveries in flight finish and records them. */
    async stop() {
      running = false
      wake()
      await loop
      while (inFlight > 0) await pause(10)
      await flush()
      leases.stop()
    },
    /** Delivers everything due now and waits until it is recorded (for tests and one-off runs). */
    async drain() {
      while ((await fill()) > 0 || inFlight > 0) await pause(5)
      await flush()
    },
  }
}
