import { existsSync } from 'node:fs'
import type { ProcessConfig } from '../config'
import { DEMO_READ_ONLY_KEY_SUFFIX } from '../demo/seed'
import type { DemoAccess } from '../gateway/demo-access'
import { createGateway } from '../gateway/gateway'
import { hostPolicy } from '../gateway/host-check'
import { closeGracefully, serveGateway } from '../gateway/serve-gateway'
import { createSessionStore } from '../gateway/sessions'
import type { Closers } from './closers'
import type { LocalService } from './start-service'

type Served = Pick<LocalService, 'service'> & Partial<Omit<LocalService, 'service'>>

function gatewayFor(config: ProcessConfig, served: Served, demoAccess: DemoAccess) {
  const allowedHost = hostPolicy({
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    bindHost: config.host,
  })
  const { demoApiKey } = served
  const gateway = createGateway({
    service: served.service,
    // a pass-through gateway has no database of its own
    sessions: served.sessions ?? createSessionStore(),
    demo:
      demoApiKey && demoAccess !== 'off'
        ? { apiKey: demoApiKey, readOnlyKey: `${demoApiKey}${DEMO_READ_ONLY_KEY_SUFFIX}`, access: demoAccess }
        : undefined,
    scopeOf: served.scopeOf,
    people: served.people,
    peopleStore: served.peopleStore,
    upstreamReceiver: served.receiver,
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
  return { gateway, answersEveryHost: !allowedHost }
}

function announce(config: ProcessConfig, served: Served, demoAccess: DemoAccess, answersEveryHost: boolean) {
  const { demoApiKey, connected } = served
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
  if (answersEveryHost)
    console.warn(
      `Answering every Host header on ${config.host}: set PUBLIC_URL or ALLOWED_HOSTS to refuse the names this server is not.`,
    )
  if (connected)
    console.log(
      `Mirroring the account at ${config.upstreamUrl} as ${connected.accountId}: sign in with its API key`,
    )
  else if (config.upstreamUrl) console.log(`Passing /v2 calls to ${config.upstreamUrl}`)
}

export async function startListener(config: ProcessConfig, served: Served, closers: Closers) {
  const demoAccess = served.demoApiKey ? config.demoAccess : 'off'
  const { gateway, answersEveryHost } = gatewayFor(config, served, demoAccess)
  const server = serveGateway(gateway.fetch)
  await new Promise<void>((ready, fail) => {
    server.once('error', fail)
    server.listen(config.port, config.host, ready)
  })
  announce(config, served, demoAccess, answersEveryHost)
  return async () => {
    await closeGracefully(server)
    await closers.closeAll()
  }
}
