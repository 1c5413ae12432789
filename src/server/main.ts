import { readConfig } from './config'
import { upstreamTarget } from './gateway/gateway'
import { createClosers } from './start/closers'
import { holdingTheLoop } from './start/hold-loop'
import { checkPortFree } from './start/port-check'
import { startListener } from './start/start-listener'
import { startService } from './start/start-service'
import { describeStartFailure } from './start-failure'

function startSetting(env: NodeJS.ProcessEnv) {
  try {
    return readConfig(env)
  } catch {
    return undefined
  }
}

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env)
  const closers = createClosers()
  if (config.role !== 'worker') await checkPortFree(config.port, config.host)
  // with a key of its own the upstream is mirrored; without one, /v2 calls pass through to it
  if (config.upstreamUrl && !config.upstream) {
    const service = upstreamTarget(config.upstreamUrl)
    return startListener(config, { service, demoApiKey: config.demoApiKey }, closers)
  }
  const served = await startService(config, closers)
  if (config.role !== 'worker') return startListener(config, served, closers)
  console.log(
    'Quayside worker is running: tracking, webhook delivery and document reading, no HTTP (ROLE=worker).',
  )
  return closers.closeAll
}

if (process.argv[1] === import.meta.filename) {
  const stop = await holdingTheLoop(() => startServer()).catch((error: unknown) => {
    console.error(describeStartFailure(error, startSetting(process.env)))
    process.exit(1)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stop().then(() => process.exit(0))
    })
}
