import { afterAll, vi } from 'vitest'

// read when the process first loads this file: what every file in a shared process starts from
const zone = process.env.TZ

/**
 * Files in the `shared` project run one after another in the same process: what one changes for the whole
 * process (its time zone, a stubbed global such as `fetch`, fake timers) is put back when it ends, so the
 * next file does not run in Berlin's time or against another file's `fetch`.
 */
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.useRealTimers()
})
