import type { Clock } from '../clock'
import type { ClaimedDelivery, DeliveryResult } from '../storage/outbox-store'
import { MAX_RETRIES, retryDelayMs } from './backoff'
import { deliver } from './deliver'
import type { AddressGuard } from './url-safety'

const liveSecret = (
  webhook: { previous_secret: string | null; previous_secret_expires_at: Date | null },
  now: Date,
) =>
  webhook.previous_secret && webhook.previous_secret_expires_at && webhook.previous_secret_expires_at > now
    ? webhook.previous_secret
    : null

export type AttemptDeps = {
  fetch: typeof fetch
  clock: Clock
  wallClock: Clock
  random: () => number
  guard: AddressGuard
  timeoutMs: number
}

/** A deactivated webhook is not called. */
export async function attemptDelivery(
  deps: AttemptDeps,
  { notification, webhook }: ClaimedDelivery,
): Promise<DeliveryResult> {
  const attempt = webhook.active
    ? await deliver({
        fetch: deps.fetch,
        target: { ...webhook, previousSecret: liveSecret(webhook, deps.wallClock.now()) },
        notificationId: notification.id,
        body: notification.payload,
        timestampSeconds: Math.floor(deps.wallClock.now().getTime() / 1000),
        timeoutMs: deps.timeoutMs,
        urlProblem: deps.guard.urlProblem(webhook.url),
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
