import type { ProcessConfig } from '../config'
import type { Storage } from '../storage/storage'
import { connectConfiguredAccount } from '../upstream/connect'
import { createConnectionRegistry } from '../upstream/connection-registry'
import { pinnedFetch } from '../webhooks/pinned-fetch'
import type { createAddressGuard } from '../webhooks/url-safety'

type ConnectionDeps = {
  storage: Storage
  guard: ReturnType<typeof createAddressGuard>
  onAccountChanged: (accountId: string) => void
}

function connectConfigured(config: ProcessConfig, deps: ConnectionDeps) {
  if (!config.upstreamUrl || !config.upstream) return undefined
  return connectConfiguredAccount(
    {
      baseUrl: config.upstreamUrl,
      apiKey: config.upstream.apiKey,
      secretKey: config.secretKey,
      publicUrl: config.service.publicUrl,
      requestsPerMinute: config.upstream.requestsPerMinute,
      pageSize: config.upstream.pageSize,
      reconcileMs: config.upstream.reconcileSeconds * 1000,
    },
    {
      storage: deps.storage,
      fetch: globalThis.fetch,
      now: () => new Date(),
      onAccountChanged: deps.onAccountChanged,
    },
  )
}

export async function startConnections(config: ProcessConfig, deps: ConnectionDeps) {
  const registry = createConnectionRegistry({
    storage: deps.storage,
    // an upstream connected from Settings is reached only where webhooks may go
    fetch: pinnedFetch(deps.guard),
    now: () => new Date(),
    onAccountChanged: deps.onAccountChanged,
    secretKey: config.secretKey,
    publicUrl: config.service.publicUrl,
    pace: {
      requestsPerMinute: config.upstreamPace.requestsPerMinute,
      pageSize: config.upstreamPace.pageSize,
      reconcileMs: config.upstreamPace.reconcileSeconds * 1000,
    },
    urlProblem: deps.guard.savedUrlProblem,
    run: config.role !== 'api',
  })
  const connected = await connectConfigured(config, deps)
  if (connected) registry.add(connected)
  return { registry, connected }
}

/** Within a minute. */
export async function watchConnections(registry: ReturnType<typeof createConnectionRegistry>) {
  await registry.refresh()
  const watching = setInterval(() => void registry.refresh(), 60_000)
  return async () => {
    clearInterval(watching)
    await registry.stop()
  }
}
