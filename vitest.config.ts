import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { SlowFirstSequencer } from './tests/support/slow-first'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default leaves a core idle (cores − 1): on CI's two cores that ran every file in one worker,
    // and once the browser journeys finished the second core sat idle for ten minutes.
    maxWorkers: availableParallelism(),
    reporters: ['default', ['json', { outputFile: '.tmp/reports/unit.json' }]],
  },
})
