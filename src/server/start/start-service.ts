import { createOutboundMail } from '../alerts-delivery/outbound-mail'
import { createApp } from '../app'
import { systemClock } from '../clock'
import type { ProcessConfig } from '../config'
import type { ServiceTarget } from '../gateway/gateway'
import type { PeopleGateway } from '../gateway/people-gateway'
import type { PeopleStore } from '../gateway/people-store'
import type { SessionStore } from '../gateway/sessions'
import { createStoredSessions } from '../gateway/stored-sessions'
import { createResponseCache } from '../http/response-cache'
import { responseText } from '../jsonapi/respond'
import { openChangeFeed } from '../storage/change-feed'
import type { Database } from '../storage/database'
import type { Storage } from '../storage/storage'
import { planningReferenceLoader } from '../tracking/engine'
import { simulatedCarrier } from '../tracking/simulated-carrier'
import type { ConnectedAccount } from '../upstream/connect'
import { pinnedFetch } from '../webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../webhooks/url-safety'
import type { Closers } from './closers'
import { inviteFirstOwner } from './first-owner'
import { openStorage } from './open-storage'
import { storagePeople } from './people-gateway'
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
  people?: PeopleGateway
  peopleStore?: PeopleStore
}

/** The demo's account (found by its key), or the connected one. */
async function announceFirstOwner(
  config: ProcessConfig,
  storage: Storage,
  demoApiKey?: string,
  connectedId?: string,
) {
  if (!config.ownerEmail) return
  const accountId = demoApiKey ? (await storage.apiKeys.authenticate(demoApiKey))?.accountId : connectedId
  if (!accountId) return
  const invited = await inviteFirstOwner(
    storage,
    accountId,
    config.ownerEmail,
    config.service.publicUrl,
    new Date(),
  )
  if (invited)
    console.log(`Owner ${invited.email} invited; accept within 7 days (shown once): ${invited.url}`)
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
  const { database, storage, clock, advanceClock } = await openStorage(config, closers)
  const demoApiKey = await seedForStart(config, storage, clock)
  const responseCache = await openResponseCache(config, database, closers)
  const onAccountChanged = responseCache.invalidate
  const carrier = simulatedCarrier(planningReferenceLoader(storage))
  const allowlist = parseAllowlist(config.service.webhookAllowlist)
  const guard = createAddressGuard({ allowlist })
  const { registry, connected } = await startConnections(config, { storage, guard, onAccountChanged })
  const mail = createOutboundMail(config.outboundMail)
  closers.first(async () => mail.close())
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
    mail,
    clockControl: advanceClock && { advance: advanceClock, tick: () => nextTick?.() ?? Promise.resolve() },
  }
  let nextTick: (() => Promise<unknown>) | undefined
  closers.first(await watchConnections(registry))
  await announceFirstOwner(config, storage, demoApiKey, connected?.accountId)
  const app = createApp(deps)
  nextTick = startWorkers(config, { ...deps, allowlist, onAccountChanged, connected }, closers)
  await startMail(config, { storage, onAccountChanged }, closers)
  return {
    service: async (request, facts) => app.fetch(request, facts),
    scopeOf: async (apiKey) => (await storage.apiKeys.authenticate(apiKey))?.scope,
    receiver: registry.receive,
    demoApiKey,
    connected,
    sessions: createStoredSessions(storage.sessions),
    people: storagePeople(storage, onAccountChanged),
    peopleStore: storage,
  }
}
