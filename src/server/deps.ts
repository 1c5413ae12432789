import type { OutboundMail } from './alerts-delivery/outbound-mail'
import type { Clock } from './clock'
import type { ResponseCache } from './http/response-cache'
import type { ServiceConfig } from './service-config'
import type { Storage } from './storage/storage'
import type { CarrierAdapter } from './tracking/carrier-adapter'
import type { ConnectionRegistry } from './upstream/connection-registry'
import type { UpstreamClient } from './upstream/upstream-client'

/** Tests pass their own clock, fetch and random. */
export type Deps = {
  storage: Storage
  /** Service time: what the data says happened when; tests and the demo's fast-forward move it. */
  clock: Clock
  /** Real time, for rate limits, signed links and signature stamps. */
  wallClock?: Clock
  fetch: typeof fetch
  random: () => number
  config: ServiceConfig
  /** Refresh is off without one. */
  carrier?: CarrierAdapter
  responseCache?: ResponseCache
  /** A connected account's writes are made there first. */
  upstream?: {
    clientFor: (accountId: string) => UpstreamClient | undefined
    onAccountChanged?: (accountId: string) => void
  }
  /** Invitations and password resets are also emailed when it is configured (OUTBOUND_SMTP_URL). */
  mail?: OutboundMail
  /** POST /v2/clock/advance exists only with it (CLOCK_CONTROL): moves service time and runs the engine's tick. */
  clockControl?: { advance: (ms: number) => void; tick: () => Promise<unknown> }
  /** /v2/upstream_connections answers 404 without it. */
  connections?: ConnectionRegistry
}
