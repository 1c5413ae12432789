import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { readConfig } from './config'
import { seedDemo } from './demo/seed'
import { scaledClock, systemClock } from './deps'
import { createGateway, type ServiceTarget, upstreamTarget } from './gateway/gateway'
import { createSessionStore } from './gateway/sessions'
import { createResponseCache } from './http/response-cache'
import { openDatabase } from './storage/database'
import { createStorage } from './storage/storage'
import { createTrackingEngine, planningReferenceLoader } from './tracking/engine'
import { simulatedCarrier } from './tracking/simulated-carrier'
import { createDispatcher } from './webhooks/dispatcher'
import { parseAllowlist } from './webhooks/url-safety'

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

/** Runs the dashboard's server with the service at /v2 (or a remote one), and returns a stop function. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env)
  const closers: (() => Promise<void>)[] = []
  let service: ServiceTarget
  let demoApiKey = config.demoApiKey

  if (config.upstreamUrl) {
    service = upstreamTarget(config.upstreamUrl)
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    closers.push(() => database.close())
    // a fast-forwarded demo carries on from where its data got to, not from today, after a restart
    const resumeAt = await createStorage(database, systemClock).tracking.simulatedUntil()
    const clock =
      config.clockSpeed === 1 && resumeAt.getTime() <= Date.now()
        ? systemClock
        : scaledClock(config.clockSpeed, resumeAt)
    const storage = createStorage(database, clock)
    demoApiKey = demoKeyFor(config.dataDir, config.demoApiKey)
    const seeded = await seedDemo(storage, {
      shipments: config.demoShipments,
      now: clock.now(),
      apiKey: demoApiKey,
      onProgress: (message) => console.log(message),
    })
    if (seeded) console.log(`Loaded demo data: ${config.demoShipments} shipments.`)
    const responseCache = createResponseCache({ maxBytes: config.responseCacheMb * 1024 * 1024 })
    const deps = {
      storage,
      clock,
      wallClock: systemClock,
      fetch,
      random: Math.random,
      config: config.service,
      responseCache,
    }
    const app = createApp(deps)
    service = async (request) => app.fetch(request)
    const dispatcher = createDispatcher({
      ...deps,
      allowlist: parseAllowlist(config.service.webhookAllowlist),
      timeoutMs: config.service.webhookTimeoutSeconds * 1000,
      onAccountChanged: responseCache.invalidate,
    })
    const engine = createTrackingEngine({
      storage,
      clock,
      carrier: simulatedCarrier(planningReferenceLoader(storage)),
      newId: randomUUID,
      onNotified: dispatcher.wake,
      onAccountChanged: responseCache.invalidate,
    })
    engine.start()
    dispatcher.start()
    closers.unshift(async () => {
      await engine.stop()
      await dispatcher.stop()
    })
  }

  const gateway = createGateway({
    service,
    sessions: createSessionStore(),
    demoApiKey,
    staticRoot: config.staticRoot && existsSync(config.staticRoot) ? config.staticRoot : undefined,
  })
  const server = serve({ fetch: gateway.fetch, port: config.port, hostname: config.host })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  console.log(
    `Quayside is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  )
  if (demoApiKey) console.log(`Demo API key: ${demoApiKey}`)
  if (config.upstreamUrl) console.log(`Passing /v2 calls to ${config.upstreamUrl}`)

  return async () => {
    await new Promise<void>((done) => server.close(() => done()))
    for (const close of closers) await close()
  }
}

if (process.argv[1] === import.meta.filename) {
  const stop = await startServer().catch((error: Error) => {
    console.error(`Quayside could not start: ${error.message}`)
    process.exit(1)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stop().then(() => process.exit(0))
    })
}
