import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { filesThatMockModules } from './tests/support/mocking-files'
import { SlowFirstSequencer } from './tests/support/slow-first'

const include = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts']
const exclude = ['tests/e2e/**', 'node_modules/**']
// a file that replaces a module (vi.mock) would hand its replacement to every file after it in a shared process
const mocking = filesThatMockModules(['src', 'tests'], (path) => path.startsWith('tests/e2e/'))
const each = { testTimeout: 30_000, hookTimeout: 120_000, pool: 'forks' } as const

export default defineConfig({
  test: {
    // once for the run, for both projects: one PostgreSQL server, one built server
    globalSetup: ['tests/support/global-setup.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default leaves a core idle (cores − 1): on CI's two cores that ran every file in one worker,
    // and once the browser journeys finished the second core sat idle for ten minutes.
    maxWorkers: availableParallelism(),
    reporters: ['default', ['json', { outputFile: '.tmp/reports/unit.json' }]],
    projects: [
      // A process of its own for each file cost CI about a second a file (a fork, its imports, PGlite's
      // compile): these files share processes, and each still opens its own databases and servers.
      {
        test: {
          ...each,
          name: 'shared',
          isolate: false,
          include,
          exclude: [...exclude, ...mocking],
          // what a file changes for the whole process (its time zone, a stubbed fetch) ends with it
          setupFiles: ['tests/support/shared-process.ts'],
        },
      },
      ...(mocking.length > 0 ? [{ test: { ...each, name: 'isolated', include: mocking } }] : []),
    ],
  },
})
