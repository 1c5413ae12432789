/**
 * CLOCK_CONTROL=1 lets an owner move service time forward (POST /v2/clock/advance), for demos and tests.
 * The jump lives in one process's memory, so it is refused wherever another process could share the data
 * (ROLE, DATABASE_URL) or a real account is behind it (UPSTREAM_URL): there it would only make two clocks.
 */
export function clockControlFrom(env: NodeJS.ProcessEnv): boolean {
  const raw = env.CLOCK_CONTROL
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false
  if (raw !== '1' && raw !== 'true') throw new Error(`CLOCK_CONTROL must be 1 or 0, not '${raw}'`)
  const refusedWith = [
    ['ROLE', env.ROLE && env.ROLE !== 'all'],
    ['DATABASE_URL', env.DATABASE_URL],
    ['UPSTREAM_URL', env.UPSTREAM_URL],
  ].find(([, set]) => set)
  if (refusedWith)
    throw new Error(
      `CLOCK_CONTROL is for a single-process demo or test on the built-in database; it is refused with ${refusedWith[0]}`,
    )
  return true
}
