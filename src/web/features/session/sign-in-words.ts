import { ApiError } from '../../api/api-error'

/** "in 40 seconds", "in 3 minutes", "in about 2 hours": a person plans by the largest unit. */
function inWords(seconds: number) {
  if (seconds < 60)
    return `in ${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.round(minutes / 60)
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`
}

/**
 * Wrong email and wrong password read the same, so the page tells nobody which accounts exist. A refused
 * key keeps the server's words on its field.
 */
export function signInProblem(error: unknown, by: 'password' | 'key'): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.status === 401 && by === 'password')
    return 'That email and password do not match a person who can sign in. Check both and try again.'
  if (error.status === 429)
    return `Too many sign-in attempts. Try again ${error.retryAfter === undefined ? 'later' : inWords(error.retryAfter)}.`
  return undefined
}
