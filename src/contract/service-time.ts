/**
 * The service's own clock on every answer. A fast-forwarded demo (CLOCK_SPEED, or a restart that resumes
 * where its data got to) runs ahead of the wall clock, and a state worked out on the browser's clock would
 * disagree with the board the service counted: one container, two words.
 */
export const SERVICE_TIME_HEADER = 'Quayside-Time'

/** How far the service's clock is ahead of `localNow`, or undefined when the answer does not say. */
export function serviceOffsetMs(header: string | null, localNow: number) {
  if (!header) return undefined
  const at = Date.parse(header)
  return Number.isFinite(at) ? at - localNow : undefined
}
