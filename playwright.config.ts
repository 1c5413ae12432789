import { defineConfig } from '@playwright/test'
import { findChromium } from './tests/support/chromium'

const port = Number(process.env.E2E_PORT ?? 4173)

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // a flaky journey is fixed, not retried
  retries: 0,
  // CI runs the journeys beside the unit suite on 2 cores: what a person sees may take longer than 5 s to appear there
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: '.tmp/reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: findChromium().executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    // a trace records every action's snapshots and a screencast while the journey runs, and CI keeps no files:
    // there it only cost time
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  webServer: {
    command: `node --import tsx tests/e2e/support/start-server.ts`,
    url: `http://127.0.0.1:${port}/session`,
    reuseExistingServer: false,
    timeout: 180_000,
    // POST /v2/clock/advance, so a journey can let a deadline pass (demos and tests only)
    env: { PORT: String(port), CLOCK_CONTROL: '1' },
    stdout: 'pipe',
  },
})
