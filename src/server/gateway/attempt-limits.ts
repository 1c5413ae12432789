import { addressGroup } from '../http/ip-groups'
import { createRateLimiter } from '../http/rate-limit'
import { earlyRefusal } from './refusal'

export type AttemptLimitSettings = {
  authFailuresPerMinute: number
  sessionStartsPerMinute: number
}

export const defaultAttemptLimits: AttemptLimitSettings = {
  authFailuresPerMinute: 20,
  sessionStartsPerMinute: 30,
}

const tooMany = (what: string, retryAfter: number) =>
  earlyRefusal(
    429,
    { detail: `Too many ${what} from this address; try again in ${retryAfter} s`, code: 'rate_limited' },
    { 'Retry-After': String(retryAfter) },
  )

/** An IPv6 client counts by its /64, which one host can fill with addresses of its own. */
export function createAttemptLimits(settings: AttemptLimitSettings, now: () => Date) {
  const failures = createRateLimiter(settings.authFailuresPerMinute, now)
  const starts = createRateLimiter(settings.sessionStartsPerMinute, now)
  return {
    checkFailures(address: string) {
      const group = addressGroup(address)
      if (!failures.fits(group)) throw tooMany('failed sign-ins', failures.take(group).retryAfter)
    },
    recordFailure(address: string) {
      failures.take(addressGroup(address))
    },
    takeSessionStart(address: string) {
      const taken = starts.take(addressGroup(address))
      if (taken.over) throw tooMany('new sessions', taken.retryAfter)
    },
  }
}
export type AttemptLimits = ReturnType<typeof createAttemptLimits>
