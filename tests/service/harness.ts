import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import type { z } from 'zod/mini'
import { createApp } from '../../src/server/app'
import { DEMO_READ_ONLY_KEY_SUFFIX, SECOND_ACCOUNT_KEY_SUFFIX, seedDemo } from '../../src/server/demo/seed'
import type { Deps } from '../../src/server/deps'
import { createExtractionWorker } from '../../src/server/documents/extraction-worker'
import type { AttemptLimitSettings } from '../../src/server/gateway/attempt-limits'
import { createGateway } from '../../src/server/gateway/gateway'
import { hostPolicy } from '../../src/server/gateway/host-check'
import { serveGateway } from '../../src/server/gateway/serve-gateway'
import { createSessionStore } from '../../src/server/gateway/sessions'
import { createStoredSessions } from '../../src/server/gateway/stored-sessions'
import { renderError } from '../../src/server/http/errors'
import { createResponseCache } from '../../src/server/http/response-cache'
import { responseText } from '../../src/server/jsonapi/respond'
import { defaultServiceConfig } from '../../src/server/service-config'
import { storagePeople } from '../../src/server/start/people-gateway'
import type { Database } from '../../src/server/storage/database'
import { createStorage, type Storage } from '../../src/server/storage/storage'
import { createTrackingEngine, planningReferenceLoader } from '../../src/server/tracking/engine'
import { simulatedCarrier } from '../../src/server/tracking/simulated-carrier'
import { createConnectionRegistry } from '../../src/server/upstream/connection-registry'
import { createDispatcher } from '../../src/server/webhooks/dispatcher'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import { type DatabaseKind, openTestDatabase } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'

export const NOW = new Date('2026-11-22T12:00:00Z')
export const KEY = 'service-test-key-000'
export const READ_KEY = `${KEY}${DEMO_READ_ONLY_KEY_SUFFIX}`
export const OTHER_KEY = `${KEY}${SECOND_ACCOUNT_KEY_SUFFIX}`

/** The real service over real HTTP on loopback, on a fresh database seeded with a small demo. */
export async function startService(
  kind: DatabaseKind,
  options: {
    rateLimitPerMinute?: number
    webhookAllowlist?: string[]
    webhookIps?: string[]
    shipments?: number
    /** Serve through the dashboard's gateway, as `npm start` does, rather than the bare service. */
    gateway?: boolean
    /** The gateway keeps its sessions in the database, as the built-in service's does. */
    storedSessions?: boolean
    /** Read the demo's emailed documents before serving (a second or two), as a started server soon has. */
    readDocuments?: boolean
    /** A database of the test's own making (on a small disk, say) instead of a fresh one. */
    database?: Database
    /** How far the service clock runs ahead of the wall clock (a fast-forwarded demo); 0 unless given. */
    serviceAheadMs?: number
    /** The gateway's failed sign-in limits, for a test that counts them; and whether it trusts X-Forwarded-For. */
    gatewayLimits?: AttemptLimitSettings
    trustProxy?: boolean
    /** A connected account's writes go here first (a test's own upstream). */
    upstream?: Deps['upstream']
    /** Invitations and password resets are emailed through it. */
    mail?: Deps['mail']
    /** POST /v2/clock/advance (CLOCK_CONTROL) is mounted unless false; its tick is a tracking engine's, as main.ts wires it. */
    clockControl?: false
  } = {},
) {
  let now = NOW
  const clock = { now: () => now }
  const wallClock = { now: () => new Date(now.getTime() - (options.serviceAheadMs ?? 0)) }
  const blobs = tempBlobStore()
  const shipments = options.shipments ?? 40
  const seed = (storage: Storage) =>
    seedDemo(storage, { shipments, now: NOW, apiKey: KEY, secondAccountShipments: 5 })
  const database =
    options.database ??
    (await openTestDatabase(kind, {
      name: `demo-${shipments}`,
      fill: (original, originalBlobs) => seed(createStorage(original, { now: () => NOW }, originalBlobs)),
      blobsDir: blobs.dir,
    }))
  const storage = createStorage(database, clock, blobs)
  if (options.database) await seed(storage)
  // the demo's emailed documents, read as the server's extraction worker reads them after a first start
  if (options.readDocuments) {
    const extraction = createExtractionWorker({ storage, clock })
    await extraction.runDue()
    await extraction.stop()
  }
  // the app's links start with its public URL, known once the server listens
  let front: ((request: Request, bindings?: unknown) => Response | Promise<Response>) | undefined
  // the gateway reads the client's address from the socket in the bindings, as npm start serves it
  const server = serveGateway((request, bindings) => front!(request, bindings))
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // on, and told of every change the engine and the dispatcher make, as main.ts wires it
  const responseCache = createResponseCache({ textOf: responseText })
  const guard = createAddressGuard({ allowlist: parseAllowlist(options.webhookAllowlist ?? []) })
  // Settings → Connection as main.ts wires it, with nothing run in the background
  const connections = createConnectionRegistry({
    storage,
    fetch: pinnedFetch(guard),
    now: wallClock.now,
    secretKey: 'service-test-secret-key',
    publicUrl: base,
    pace: { requestsPerMinute: 100, pageSize: 100, reconcileMs: 300_000 },
    urlProblem: guard.savedUrlProblem,
    run: false,
  })
  const clockEngine = () =>
    createTrackingEngine({
      storage,
      clock,
      carrier: simulatedCarrier(planningReferenceLoader(storage)),
      newId: randomUUID,
      onAccountChanged: responseCache.invalidate,
    })
  const clockControl = options.clockControl === false ? undefined : { engine: clockEngine() }
  const app = createApp({
    clockControl: clockControl && {
      advance: (ms) => {
        now = new Date(now.getTime() + ms)
      },
      tick: () => clockControl.engine.nextTick(),
    },
    upstream: options.upstream,
    mail: options.mail,
    connections,
    storage,
    responseCache,
    carrier: simulatedCarrier(planningReferenceLoader(storage)),
    clock,
    wallClock,
    // the transport that ships: each connection goes only to an address checked as it is made
    fetch: pinnedFetch(createAddressGuard({ allowlist: parseAllowlist(options.webhookAllowlist ?? []) })),
    random: Math.random,
    config: {
      ...defaultServiceConfig,
      publicUrl: base,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
      webhookAllowlist: options.webhookAllowlist ?? [],
      webhookIps: options.webhookIps ?? [],
      secretKey: 'service-test-secret-key',
    },
  })
  front = options.gateway
    ? createGateway({
        service: async (request, facts) => app.fetch(request, facts),
        sessions: options.storedSessions ? createStoredSessions(storage.sessions) : createSessionStore(),
        people: storagePeople(storage, responseCache.invalidate),
        peopleStore: storage,
        security: {
          allowedHost: hostPolicy({ allowedHosts: [], bindHost: '127.0.0.1' }),
          limits: options.gatewayLimits ?? {
            authFailuresPerMinute: 1_000_000,
            sessionStartsPerMinute: 1_000_000,
            emailFailuresPerMinute: 1_000_000,
            accountFailuresPerMinute: 1_000_000,
          },
          trustProxy: options.trustProxy,
          // a person's session key and links expire on the wall clock the service keeps
          now: wallClock.now,
        },
      }).fetch
    : (request) => app.fetch(request)

  const call = async (
    method: string,
    path: string,
    init: { key?: string | null; body?: string; headers?: Record<string, string> } = {},
  ) => {
    const key = init.key === undefined ? KEY : init.key
    const send = () =>
      fetch(`${base}${path}`, {
        method,
        body: init.body,
        headers: {
          Accept: 'application/vnd.api+json',
          ...(init.body ? { 'Content-Type': 'application/vnd.api+json' } : {}),
          ...(key ? { Authorization: `Token ${key}` } : {}),
          ...init.headers,
        },
      })
    const response = await send().catch((error: Error & { cause?: { code?: string } }) => {
      // the server closes a kept-alive connection it saw idle for 5 s; after work that held this process's
      // event loop that long, it may close it just as a request is sent on it: a read is sent again
      // (RFC 9112 9.3.1), a write is not
      if ((method === 'GET' || method === 'HEAD') && error.cause?.code === 'ECONNRESET') return send()
      throw error
    })
    const text = await response.text()
    const json = /json/.test(response.headers.get('content-type') ?? '')
    return {
      status: response.status,
      headers: response.headers,
      body: text && json ? JSON.parse(text) : undefined,
    }
  }

  type EngineOptions = Parameters<typeof createTrackingEngine>[0]
  type DispatcherOptions = Parameters<typeof createDispatcher>[0]
  let wakeDispatcher: (() => void) | undefined
  return {
    storage,
    clock,
    wallClock,
    kind,
    responseCache,
    /** A tracking engine wired to this service's response cache (and its dispatcher, if one was made), as main.ts wires it. */
    engine: (options: Partial<EngineOptions> & Pick<EngineOptions, 'newId'>) =>
      createTrackingEngine({
        storage,
        clock,
        carrier: simulatedCarrier(planningReferenceLoader(storage)),
        onAccountChanged: responseCache.invalidate,
        onNotified: () => wakeDispatcher?.(),
        ...options,
      }),
    /** A document-reading worker wired to this service's response cache, as main.ts wires it. */
    extraction: (options: Omit<Parameters<typeof createExtractionWorker>[0], 'storage' | 'clock'> = {}) =>
      createExtractionWorker({ storage, clock, onAccountChanged: responseCache.invalidate, ...options }),
    /** A webhook dispatcher wired to this service's response cache, as main.ts wires it. */
    dispatcher: (options: Omit<DispatcherOptions, 'storage' | 'clock' | 'wallClock'>) => {
      const dispatcher = createDispatcher({
        storage,
        clock,
        wallClock,
        onAccountChanged: responseCache.invalidate,
        ...options,
      })
      wakeDispatcher = dispatcher.wake
      return dispatcher
    },
    baseUrl: base,
    call,
    get: (path: string, key?: string | null) => call('GET', path, { key }),
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
    stop: async () => {
      await new Promise<void>((done) => server.close(() => done()))
      await database.close()
      blobs.remove()
    },
  }
}
export type Service = Awaited<ReturnType<typeof startService>>

/** Parses a response body with a contract schema and fails with the issues when it does not fit. */
export function parsed<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body)
  if (!result.success)
    throw new Error(`Response does not fit the contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`)
  return result.data
}

/** What the service answers when a handler throws `failure` (a store's error, say), as status and first error. */
export async function answerTo(failure: unknown) {
  const app = new Hono().get('/', () => {
    throw failure
  })
  app.onError((error, c) => renderError(error, c))
  const response = await app.request('/')
  return { status: response.status, body: await response.json() }
}
