import { createApp } from '../app'
import { systemClock } from '../clock'
import type { ProcessConfig } from '../config'
import type { ServiceTarget } from '../gateway/gateway'
import type { SessionStore } from '../gateway/sessions'
import { createStoredSessions } from '../gateway/stored-sessions'
import { createResponseCache } from '../http/response-cache'
import { responseText } from '../jsonapi/respond'
import { openChangeFeed } from '../storage/change-feed'
import type { Database } from '../storage/database'
import { planningReferenceLoader } from '../tracking/engine'
import { simulatedCarrier } from '../tracking/simulated-carrier'
import type { ConnectedAccount } from '../upstream/connect'
import { pinnedFetch } from '../webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../webhooks/url-safety'
import type { Closers } from './closers'
import { openStorage } from './open-storage'
import { seedForStart } from './seed-start'
import { startConnections, watchConnections } from './start-connections'
import { startMail } from './start-mail'
import { startWorkers } from './start-workers'

export type LocalService = {
  service: ServiceTarget
  scopeOf: (apiKey: string) => Promise<'read' | 'write' | undefined>
  receiver: (accountId: string, request: Request) => Promise<Response>
  demoApiKey?: string
  connected?: ConnectedAccount
  sessions: SessionStore
}

/** So none serves another's stale copy. */
async function openResponseCache(config: ProcessConfig, database: Database, closers: Closers) {
  const changes = await openChangeFeed(database)
  closers.first(() => changes.close())
  const responseCache = createResponseCache({
    maxBytes: config.responseCacheMb * 1024 * 1024,
    onChange: changes.publish,
    textOf: responseText,
  })
  changes.subscribe(responseCache.changedElsewhere)
  return responseCache
}

export async function startService(config: ProcessConfig, closers: Closers): Promise<LocalService> {
  const { database, storage, clock } = await openStorage(config, closers)
  const demoApiKey = await seedForStart(config, storage, clock)
  const responseCache = await openResponseCache(config, database, closers)
  const onAccountChanged = responseCache.invalidate
  const carrier = simulatedCarrier(planningReferenceLoader(storage))
  const allowlist = parseAllowlist(config.service.webhookAllowlist)
  const guard = createAddressGuard({ allowlist })
  const { registry, connected } = await startConnections(config, { storage, guard, onAccountChanged })
  const deps = {
    carrier,
    storage,
    clock,
    wallClock: systemClock,
    // only to addresses checked as the connection is made
    fetch: pinnedFetch(guard),
    random: Math.random,
    config: config.service,
    responseCache,
    upstream: { clientFor: registry.clientFor, onAccountChanged },
    connections: registry,
  }
  closers.first(await watchConnections(registry))
  const app = createApp(deps)
  startWorkers(config, { ...deps, allowlist, onAccountChanged, connected }, closers)
  await startMail(config, { storage, onAccountChanged }, closers)
  return {
    service: async (request, facts) => app.fetch(request, facts),
    scopeOf: async (apiKey) => (await storage.apiKeys.authenticate(apiKey))?.scope,
    receiver: registry.receive,
    demoApiKey,
    connected,
    sessions: createStoredSessions(storage.sessions),
  }
}
