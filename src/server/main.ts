import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { join } from 'node:path'
import { createApp } from './app'
import { scaledClock, systemClock } from './clock'
import { readConfig } from './config'
import { DEMO_READ_ONLY_KEY_SUFFIX, seedDemo, seedReferenceData } from './demo/seed'
import { createExtractionWorker } from './documents/extraction-worker'
import { createGateway, type ServiceTarget, upstreamTarget } from './gateway/gateway'
import { hostPolicy } from './gateway/host-check'
import { closeGracefully, serveGateway } from './gateway/serve-gateway'
import { createSessionStore } from './gateway/sessions'
import { createResponseCache } from './http/response-cache'
import { responseText } from './jsonapi/respond'
import { createSmtpListener } from './mail/smtp-listener'
import { describeStartFailure } from './start-failure'
import { openChangeFeed } from './storage/change-feed'
import { openDatabase } from './storage/database'
import { createDiskBlobStore } from './storage/disk-blob-store'
import { moveBytesToBlobs } from './storage/legacy-blobs'
import { createStorage } from './storage/storage'
import { createTrackingEngine, planningReferenceLoader } from './tracking/engine'
import { simulatedCarrier } from './tracking/simulated-carrier'
import { type ConnectedAccount, connectConfiguredAccount } from './upstream/connect'
import { createConnectionRegistry } from './upstream/connection-registry'
import { createDispatcher } from './webhooks/dispatcher'
import { pinnedFetch } from './webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from './webhooks/url-safety'

/** The demo key is kept beside the data so a restart signs in with the same key. */
function demoKeyFor(dataDir: string, configured: string | undefined) {
  if (configured) return configured
  const file = join(dataDir, 'demo-api-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const key = `demo_${randomBytes(18).toString('base64url')}`
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  return key
}

/** Fails at once on a port already taken, rather than after loading the demo (a minute on a large one). */
function checkPortFree(port: number, host: string) {
  if (port === 0) return Promise.resolve()
  return new Promise<void>((free, taken) => {
    const probe = createNetServer()
    probe.once('error', taken)
    probe.listen(port, host, () => probe.close(() => free()))
  })
}

/** The settings a failed start is explained with; none when the settings themselves were the failure. */
function startSetting(env: NodeJS.ProcessEnv) {
  try {
    return readConfig(env)
  } catch {
    return undefined
  }
}

/** Runs the dashboard's server with the service at /v2 (or a remote one), and returns a stop function. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env)
  const closers: (() => Promise<void>)[] = []
  let service: ServiceTarget
  let demoApiKey = config.demoApiKey
  let scopeOf: ((apiKey: string) => Promise<'read' | 'write' | undefined>) | undefined
  let connected: ConnectedAccount | undefined
  let receiver: ((accountId: string, request: Request) => Promise<Response>) | undefined

  if (config.role !== 'worker') await checkPortFree(config.port, config.host)
  // with a key of its own the upstream is mirrored; without one, /v2 calls pass through to it
  if (config.upstreamUrl && !config.upstream) {
    service = upstreamTarget(config.upstreamUrl)
  } else {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    })
    closers.push(() => database.close())
    const blobs = createDiskBlobStore(config.blobDir)
    await blobs.removeAbandoned()
    const moved = await moveBytesToBlobs(database.db, blobs)
    if (moved > 0) console.log(`Moved ${moved} files from the database into ${config.blobDir}.`)
    // a fast-forwarded demo carries on from where its data got to, not from today, after a restart
    const resumeAt = await createStorage(database, systemClock, blobs).tracking.simulatedUntil()
    const clock =
      config.clockSpeed === 1 && resumeAt.getTime() <= Date.now()
        ? systemClock
        : scaledClock(config.clockSpeed, resumeAt)
    const storage = createStorage(database, clock, blobs, {
      attributeTextBytes: config.attributeTextCacheMb * 1024 * 1024,
    })
    if (config.upstream) {
      // a server mirroring a real account loads no demo accounts, only the ports, terminals and lines
      demoApiKey = undefined
      await seedReferenceData(storage)
    } else {
      demoApiKey = demoKeyFor(config.dataDir, config.demoApiKey)
      const seeded = await seedDemo(storage, {
        shipments: config.demoShipments,
        now: clock.now(),
        apiKey: demoApiKey,
        onProgress: (message) => console.log(message),
      })
      if (seeded) console.log(`Loaded demo data: ${config.demoShipments} shipments.`)
    }
    // processes on one PostgreSQL tell each other what changed, so none serves another's stale copy
    const changes = await openChangeFeed(database)
    closers.unshift(() => changes.close())
    const responseCache = createResponseCache({
      maxBytes: config.responseCacheMb * 1024 * 1024,
      onChange: changes.publish,
      textOf: responseText,
    })
    changes.subscribe(responseCache.changedElsewhere)
    const carrier = simulatedCarrier(planningReferenceLoader(storage))
    const allowlist = parseAllowlist(config.service.webhookAllowlist)
    const guard = createAddressGuard({ allowlist })
    const registry = createConnectionRegistry({
      storage,
      // an upstream connected from Settings is reached only where webhooks may go
      fetch: pinnedFetch(guard),
      now: () => new Date(),
      onAccountChanged: responseCache.invalidate,
      secretKey: config.secretKey,
      publicUrl: config.service.publicUrl,
      pace: {
        requestsPerMinute: config.upstreamPace.requestsPerMinute,
        pageSize: config.upstreamPace.pageSize,
        reconcileMs: config.upstreamPace.reconcileSeconds * 1000,
      },
      urlProblem: guard.savedUrlProblem,
      run: config.role !== 'api',
    })
    if (config.upstreamUrl && config.upstream)
      connected = await connectConfiguredAccount(
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
          storage,
          fetch: globalThis.fetch,
          now: () => new Date(),
          onAccountChanged: responseCache.invalidate,
        },
      )
    if (connected) registry.add(connected)
    const deps = {
      carrier,
      storage,
      clock,
      wallClock: systemClock,
      // webhooks connect only to addresses checked as the connection is made
      fetch: pinnedFetch(guard),
      random: Math.random,
      config: config.service,
      responseCache,
      upstream: { clientFor: registry.clientFor, onAccountChanged: responseCache.invalidate },
      connections: registry,
    }
    receiver = registry.receive
    await registry.refresh()
    // every process picks up, within a minute, what another one connected or disconnected
    const watching = setInterval(() => void registry.refresh(), 60_000)
    closers.unshift(async () => {
      clearInterval(watching)
      await registry.stop()
    })
    const app = createApp(deps)
    service = async (request, counted) => app.fetch(request, counted)
    scopeOf = async (apiKey) => (await storage.apiKeys.authenticate(apiKey))?.scope
    const dispatcher = createDispatcher({
      ...deps,
      allowlist,
      timeoutMs: config.service.webhookTimeoutSeconds * 1000,
      disableAfterMs: config.service.webhookDisableAfterHours * 3_600_000,
      onAccountChanged: responseCache.invalidate,
    })
    const engine = createTrackingEngine({
      storage,
      clock,
      carrier,
      newId: randomUUID,
      onNotified: dispatcher.wake,
      onAccountChanged: responseCache.invalidate,
    })
    // the storage stamps when a document is due with the simulated clock, so the worker reads by the same one
    const extraction = createExtractionWorker({
      storage,
      clock,
      onAccountChanged: responseCache.invalidate,
      reading: config.documentReading,
    })
    if (config.role !== 'api') {
      connected?.start()
      engine.start()
      dispatcher.start()
      extraction.start()
      closers.unshift(async () => {
        await engine.stop()
        await dispatcher.stop()
        await extraction.stop()
      })
    }
    // mail is received like any other request: by the processes that answer the outside world
    if (config.role !== 'worker' && config.smtpPort !== undefined) {
      const smtp = createSmtpListener({
        storage,
        inboundDomain: config.service.inboundDomain,
        onAccountChanged: responseCache.invalidate,
        limits: config.smtpLimits,
        log: (message) => console.warn(message),
      })
      const smtpPort = await smtp.listen(config.smtpPort, config.smtpHost)
      console.log(
        `Receiving mail for *@${config.service.inboundDomain} by SMTP on ${config.smtpHost}:${smtpPort}`,
      )
      closers.unshift(smtp.close)
    }
    if (config.role === 'worker') {
      console.log(
        'Quayside worker is running: tracking, webhook delivery and document reading, no HTTP (ROLE=worker).',
      )
      return async () => {
        for (const close of closers) await close()
      }
    }
  }

  const allowedHost = hostPolicy({
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    bindHost: config.host,
  })
  const demoAccess = demoApiKey ? config.demoAccess : 'off'
  const gateway = createGateway({
    service,
    sessions: createSessionStore(),
    demo:
      demoApiKey && demoAccess !== 'off'
        ? { apiKey: demoApiKey, readOnlyKey: `${demoApiKey}${DEMO_READ_ONLY_KEY_SUFFIX}`, access: demoAccess }
        : undefined,
    scopeOf,
    upstreamReceiver: receiver,
    staticRoot: config.staticRoot && existsSync(config.staticRoot) ? config.staticRoot : undefined,
    mapTiles: config.mapTiles,
    security: {
      allowedHost,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      limits: {
        authFailuresPerMinute: config.authFailuresPerMinute,
        sessionStartsPerMinute: config.sessionStartsPerMinute,
      },
      visitorLimits: config.visitorLimits,
    },
  })
  const server = serveGateway(gateway.fetch)
  await new Promise<void>((ready, fail) => {
    server.once('error', fail)
    server.listen(config.port, config.host, ready)
  })
  console.log(
    `Quayside is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  )
  if (demoApiKey) console.log(`Demo API key: ${demoApiKey} (read-write)`)
  if (demoApiKey)
    console.log(
      demoAccess === 'off'
        ? 'Demo sign-in is off (DEMO_ACCESS=off): visitors sign in with an API key.'
        : `Demo visitors are signed in ${demoAccess} (DEMO_ACCESS=${demoAccess}).`,
    )
  if (!allowedHost)
    console.warn(
      `Answering every Host header on ${config.host}: set PUBLIC_URL or ALLOWED_HOSTS to refuse the names this server is not.`,
    )
  if (connected)
    console.log(
      `Mirroring the account at ${config.upstreamUrl} as ${connected.accountId}: sign in with its API key`,
    )
  else if (config.upstreamUrl) console.log(`Passing /v2 calls to ${config.upstreamUrl}`)

  return async () => {
    await closeGracefully(server)
    for (const close of closers) await close()
  }
}

if (process.argv[1] === import.meta.filename) {
  const stop = await startServer().catch((error: unknown) => {
    console.error(describeStartFailure(error, startSetting(process.env)))
    process.exit(1)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stop().then(() => process.exit(0))
    })
}
