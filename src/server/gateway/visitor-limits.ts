import { addressGroup } from '../http/ip-groups'
import { createRateLimiter } from '../http/rate-limit'
import { earlyRefusal } from './refusal'

export type VisitorLimitSettings = {
  sessionRequestsPerMinute: number
  addressRequestsPerMinute: number
  demoRequestsPerMinute: number
}

export const defaultVisitorLimits: VisitorLimitSettings = {
  sessionRequestsPerMinute: 100,
  addressRequestsPerMinute: 300,
  demoRequestsPerMinute: 6_000,
}

/** Visitors share the demo's keys, so a per-key limit would let one lock out every other. */
export function createVisitorLimits(settings: VisitorLimitSettings, now: () => Date) {
  const limits = [
    { limiter: createRateLimiter(settings.sessionRequestsPerMinute, now), who: 'this visitor' },
    { limiter: createRateLimiter(settings.addressRequestsPerMinute, now), who: 'this address' },
    { limiter: createRateLimiter(settings.demoRequestsPerMinute, now), who: 'all demo visitors together' },
  ]
  return {
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
