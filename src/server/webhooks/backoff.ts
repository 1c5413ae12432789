export const MAX_RETRIES = 12
const FIRST_RETRY_MS = 15_000
const LONGEST_WAIT_MS = 6 * 3_600_000

/** Exponential from 15 s, capped at 6 h, full jitter over its upper half so failures at once do not return at once. */
export function retryDelayMs(retry: number, random: () => number) {
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** (retry - 1), LONGEST_WAIT_MS)
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
