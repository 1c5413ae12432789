import { expect, it, vi } from 'vitest'

// run by shared-process.test.ts, one after the other in one process: each finds what the run started with
it('starts from the process as the run began, and changes it', () => {
  expect(process.env.TZ).toBe('UTC')
  expect(vi.isMockFunction(globalThis.fetch)).toBe(false)
  process.env.TZ = 'Europe/Berlin'
  vi.stubGlobal('fetch', vi.fn())
})
