import { test } from '@playwright/test'
import { startExtraServer } from './extra-server'

type ExtraServer = Awaited<ReturnType<typeof startExtraServer>>

/** start-server.ts gives every server this demo key. */
export const DEMO_KEY = 'e2e-demo-key-0000000000'

/**
 * Starts, for the spec's tests, an upstream Quayside and a second one connected to it (through `env`'s
 * key, or the demo key), on `upstreamPort` and the port after it; stops them after.
 */
export function connectedServersForSpec(upstreamPort: number, env: Record<string, string> = {}) {
  const servers = {} as { upstream: ExtraServer; connected: ExtraServer }
  test.beforeAll(async () => {
    test.setTimeout(240_000)
    // real time on both: the upstream's board holds still while both sides are compared, and the mirror counts
    // its days on a clock that agrees (at the journeys' 60x it ran an hour a minute ahead, past a port's midnight)
    servers.upstream = await startExtraServer(upstreamPort, { CLOCK_SPEED: '1' })
    servers.connected = await startExtraServer(upstreamPort + 1, {
      CLOCK_SPEED: '1',
      UPSTREAM_URL: `${servers.upstream.url}/v2`,
      UPSTREAM_API_KEY: DEMO_KEY,
      UPSTREAM_REQUESTS_PER_MINUTE: '6000',
      ...env,
    })
  })
  test.afterAll(async () => {
    await servers.connected?.stop()
    await servers.upstream?.stop()
  })
  return servers
}

/** The board's tab counts on the server at `url`, as the account of `key` sees them. */
export async function tabCounts(url: string, key: string) {
  const response = await fetch(`${url}/v2/containers?page[size]=1&counts=tabs`, {
    headers: { Authorization: `Token ${key}`, 'Cache-Control': 'no-cache' },
  })
  return ((await response.json()) as { meta: { tab_counts: Record<string, number> } }).meta.tab_counts
}
