import { addressGroup } from '../http/ip-groups'
import { createRateLimiter } from '../http/rate-limit'
import { earlyRefusal } from './refusal'

export type AttemptLimitSettings = {
  authFailuresPerMinute: number
  sessionStartsPerMinute: number
  /** Wrong passwords for one email address, from anywhere: credential stuffing spreads over addresses. */
  emailFailuresPerMinute?: number
  /** Wrong passwords for any of one account's people. */
  accountFailuresPerMinute?: number
}

export const defaultAttemptLimits: AttemptLimitSettings = {
  authFailuresPerMinute: 20,
  sessionStartsPerMinute: 30,
  emailFailuresPerMinute: 5,
  accountFailuresPerMinute: 30,
}

const tooMany = (what: string, retryAfter: number, from = 'from this address') =>
  earlyRefusal(
    429,
    { detail: `Too many ${what} ${from}; try again in ${retryAfter} s`, code: 'rate_limited' },
    { 'Retry-After': String(retryAfter) },
  )

const domainOf = (email: string) => `@${email.toLowerCase().split('@').at(-1)}`

/** An IPv6 client counts by its /64, which one host can fill with addresses of its own. */
export function createAttemptLimits(settings: AttemptLimitSettings, now: () => Date) {
  const failures = createRateLimiter(settings.authFailuresPerMinute, now)
  const starts = createRateLimiter(settings.sessionStartsPerMinute, now)
  const emails = createRateLimiter(
    settings.emailFailuresPerMinute ?? defaultAttemptLimits.emailFailuresPerMinute!,
    now,
  )
  const accounts = createRateLimiter(
    settings.accountFailuresPerMinute ?? defaultAttemptLimits.accountFailuresPerMinute!,
    now,
  )
  const check = (limiter: typeof failures, key: string, from: string) => {
    if (!limiter.fits(key)) throw tooMany('failed sign-ins', limiter.take(key).retryAfter, from)
  }
  return {
    checkFailures(address: string) {
      check(failures, addressGroup(address), 'from this address')
    },
    recordFailure(address: string) {
      failures.take(addressGroup(address))
    },
    /** Before a password or a known passkey is checked, so a locked email costs no hashing. */
    checkPasswordSignIn(email: string) {
      check(emails, email.toLowerCase(), 'for this email address')
    },
    /**
     * After a wrong password only, so a correct one always signs in. An email's domain is counted with its
     * account, so while an account is over, its domain's unknown emails are answered as its people are.
     */
    checkAfterWrongPassword(email: string, accountId?: string) {
      if (accountId) check(accounts, accountId, 'for now')
      check(accounts, domainOf(email), 'for now')
    },
    recordPasswordFailure(address: string, email: string, accountId?: string) {
      failures.take(addressGroup(address))
      emails.take(email.toLowerCase())
      if (accountId) accounts.take(accountId)
      accounts.take(domainOf(email))
    },
    /** A known person's passkey refused: counted against them as a wrong password is, from anywhere. */
    recordPersonFailure(email: string, accountId: string) {
      emails.take(email.toLowerCase())
      accounts.take(accountId)
    },
    takeSessionStart(address: string) {
      const taken = starts.take(addressGroup(address))
      if (taken.over) throw tooMany('new sessions', taken.retryAfter)
    },
  }
}
export type AttemptLimits = ReturnType<typeof createAttemptLimits>
