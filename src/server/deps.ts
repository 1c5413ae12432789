import type { Clock } from './clock'
import type { ResponseCache } from './http/response-cache'
import type { ServiceConfig } from './service-config'
import type { Storage } from './storage/storage'
import type { CarrierAdapter } from './tracking/carrier-adapter'
import type { ConnectionRegistry } from './upstream/connection-registry'
import type { UpstreamClient } from './upstream/upstream-client'

/** What createApp and every router are given: tests pass their own clock, fetch and random. */
export type Deps = {
  storage: Storage
  /** Service time: what the data says happened when. Tests and the demo's fast-forward move it. */
  clock: Clock
  /** Real time, for what must follow the world outside: rate limits, signed links, signature stamps. */
  wallClock?: Clock
  fetch: typeof fetch
  random: () => number
  config: ServiceConfig
  /** The shipping line integration, asked when someone refreshes a container; refresh is off without one. */
  carrier?: CarrierAdapter
  /** Serves rendered documents again while an account's data is unchanged; off unless given. */
  responseCache?: ResponseCache
  /** The upstream a connected account mirrors: its writes are made there first (src/server/upstream). */
  upstream?: {
    clientFor: (accountId: string) => UpstreamClient | undefined
    onAccountChanged?: (accountId: string) => void
  }
  /** The accounts connected in Settings → Connection; /v2/upstream_connections answers 404 without it. */
  connections?: ConnectionRegistry
}
