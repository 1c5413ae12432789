/** Retries after the first attempt; the notification fails for good after the last. */
export const MAX_RETRIES = 12
const FIRST_RETRY_MS = 15_000
const LONGEST_WAIT_MS = 6 * 3_600_000

/**
 * The wait before retry `retry` (1-based): exponential from 15 s, capped at 6 h, with full jitter over
 * its upper half so that many failures at once do not come back at once.
 */
export function retryDelayMs(retry: number, random: () => number) {
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** (retry - 1), LONGEST_WAIT_MS)
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
