import { resolve } from 'node:path'
import { defaultServiceConfig, type ServiceConfig } from './deps'

export type ProcessConfig = {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  upstreamUrl?: string
  demoApiKey?: string
  demoShipments: number
  staticRoot?: string
  service: ServiceConfig
  /** Simulated seconds per real second for the tracking clock (1 = real time). */
  clockSpeed: number
  responseCacheMb: number
}

const positiveInt = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not '${raw}'`)
  return value
}

/** Reads every setting from the environment; the README's configuration table lists them. */
export function readConfig(env: NodeJS.ProcessEnv): ProcessConfig {
  const upstreamUrl = env.UPSTREAM_URL || undefined
  return {
    port: positiveInt('PORT', env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    upstreamUrl,
    demoApiKey: env.DEMO_API_KEY || undefined,
    demoShipments: positiveInt('DEMO_SHIPMENTS', env.DEMO_SHIPMENTS, 300),
    staticRoot: env.STATIC_ROOT ?? 'dist/web',
    clockSpeed: positiveInt('CLOCK_SPEED', env.CLOCK_SPEED, 1),
    responseCacheMb: positiveInt('RESPONSE_CACHE_MB', env.RESPONSE_CACHE_MB, 16),
    service: {
      ...defaultServiceConfig,
      rateLimitPerMinute: positiveInt('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 100),
      webhookTimeoutSeconds: positiveInt('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10),
      webhookAllowlist: (env.WEBHOOK_ALLOWLIST ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    },
  }
}
