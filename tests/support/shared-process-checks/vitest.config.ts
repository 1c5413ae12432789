import { defineConfig } from 'vitest/config'

/** The shared project's way of running files, on two files that each change the process. */
export default defineConfig({
  test: {
    root: 'tests/support/shared-process-checks',
    include: ['*.check.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 1,
    setupFiles: ['../shared-process.ts'],
  },
})
