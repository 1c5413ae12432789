import { addressGroup } from '../http/ip-groups'
import { createRateLimiter } from '../http/rate-limit'
import { earlyRefusal } from './refusal'

export type VisitorLimitSettings = {
  /** API calls a minute one demo visitor (one session) may make. */
  sessionRequestsPerMinute: number
  /** API calls a minute all demo sessions from one client address (an IPv6 /64) may make together. */
  addressRequestsPerMinute: number
  /** API calls a minute all demo visitors may make together, on the demo keys they share. */
  demoRequestsPerMinute: number
}

export const defaultVisitorLimits: VisitorLimitSettings = {
  sessionRequestsPerMinute: 100,
  addressRequestsPerMinute: 300,
  demoRequestsPerMinute: 6_000,
}

/**
 * Demo visitors share the demo account's keys, so the service's limit per key would let one visitor lock
 * every other out. Their calls are counted here instead: per session, per client address and, as the
 * key's own limit, for all visitors together; the service is told they were counted.
 */
export function createVisitorLimits(settings: VisitorLimitSettings, now: () => Date) {
  const limits = [
    { limiter: createRateLimiter(settings.sessionRequestsPerMinute, now), who: 'this visitor' },
    { limiter: createRateLimiter(settings.addressRequestsPerMinute, now), who: 'this address' },
    { limiter: createRateLimiter(settings.demoRequestsPerMinute, now), who: 'all demo visitors together' },
  ]
  return {
    /** Counts a demo visitor's API call, or refuses it with 429 when any of its limits is spent. */
    take(sessionId: string, address: string, apiKey: string) {
      const keys = [sessionId, addressGroup(address), apiKey]
      const spent = limits.findIndex(({ limiter }, i) => !limiter.fits(keys[i]))
      if (spent >= 0) {
        const { limiter, who } = limits[spent]
        const { retryAfter, limit } = limiter.take(keys[spent])
        throw earlyRefusal(
          429,
          {
            detail: `The demo allows ${limit} requests a minute for ${who}; try again in ${retryAfter} s`,
            code: 'rate_limited',
          },
          { 'Retry-After': String(retryAfter) },
        )
      }
      for (const [i, { limiter }] of limits.entries()) limiter.take(keys[i])
    },
  }
}
export type VisitorLimits = ReturnType<typeof createVisitorLimits>
