/** Starts the real server for the browser journeys: a fresh PGlite database with demo data. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../../src/server/main'

await startServer({
  ...process.env,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quayside-e2e-')),
  DEMO_API_KEY: 'e2e-demo-key-0000000000',
  DEMO_SHIPMENTS: process.env.DEMO_SHIPMENTS ?? '120',
  RATE_LIMIT_PER_MINUTE: '100000',
  // every test opens the dashboard in a fresh browser context, so each starts a demo session
  SESSION_STARTS_PER_MINUTE: '100000',
  // and every journey's visitor calls from 127.0.0.1
  DEMO_SESSION_REQUESTS_PER_MINUTE: '100000',
  DEMO_ADDRESS_REQUESTS_PER_MINUTE: '100000',
  DEMO_REQUESTS_PER_MINUTE: '100000',
  WEBHOOK_ALLOWLIST: '127.0.0.0/8',
  // a simulated minute a second: a new tracking request is answered within a couple of seconds
  CLOCK_SPEED: process.env.CLOCK_SPEED ?? '60',
})
