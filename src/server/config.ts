import { join, resolve } from 'node:path'
import { clockControlFrom } from './clock-control-setting'
import { type DemoAccess, demoAccessFrom } from './gateway/demo-access'
import { defaultVisitorLimits, type VisitorLimitSettings } from './gateway/visitor-limits'
import { defaultSmtpLimits, type SmtpLimitSettings } from './mail/smtp-limits'
import { defaultServiceConfig, type ServiceConfig } from './service-config'

type UpstreamPace = { requestsPerMinute: number; pageSize: number; reconcileSeconds: number }

export type ProcessConfig = {
  port: number
  host: string
  dataDir: string
  blobDir: string
  databaseUrl?: string
  databasePoolSize: number
  upstreamUrl?: string
  /** Mirrored as a connected account (no pass-through). */
  upstream?: { apiKey: string } & UpstreamPace
  upstreamPace: UpstreamPace
  secretKey?: string
  demoApiKey?: string
  /** The account's first owner, invited at the first start that finds no owner. */
  ownerEmail?: string
  demoShipments: number
  staticRoot?: string
  service: ServiceConfig
  clockSpeed: number
  /** POST /v2/clock/advance, for demos and tests (CLOCK_CONTROL). */
  clockControl: boolean
  publicUrl?: string
  allowedHosts: string[]
  trustProxy: boolean
  demoAccess: DemoAccess
  authFailuresPerMinute: number
  sessionStartsPerMinute: number
  visitorLimits: VisitorLimitSettings
  responseCacheMb: number
  attributeTextCacheMb: number
  role: Role
  smtpPort?: number
  smtpHost: string
  smtpLimits: SmtpLimitSettings
  documentReading: { threads: number; timeoutMs: number; memoryMb: number }
  mapTiles?: { url: string; attribution: string }
  /** Alerts, invitations and password resets; unset: the console. */
  outboundMail: { smtpUrl?: string; from?: string }
}

const ROLES = ['all', 'api', 'worker'] as const
type Role = (typeof ROLES)[number]

const roleFrom = (raw: string | undefined): Role => {
  if (!raw) return 'all'
  if ((ROLES as readonly string[]).includes(raw)) return raw as Role
  throw new Error(`ROLE must be one of ${ROLES.join(', ')}, not '${raw}'`)
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

const positiveInt = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not '${raw}'`)
  return value
}

const poolSize = (raw: string | undefined) => {
  const size = positiveInt('DATABASE_POOL_SIZE', raw, 10)
  if (size < 1) throw new Error('DATABASE_POOL_SIZE must be at least 1')
  return size
}

function publicUrl(raw: string | undefined, host: string, port: number) {
  if (!raw) {
    const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
    return `http://${name}:${port}`
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not '${raw}'`)
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(`PUBLIC_URL must be an http(s) URL without a query, not '${raw}'`)
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

function mapTilesFrom(url: string | undefined, attribution: string | undefined) {
  if (!url) return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(url.replace(/[{}]/g, ''))
  } catch {}
  if (
    !parsed ||
    !/^https?:$/.test(parsed.protocol) ||
    !['{z}', '{x}', '{y}'].every((part) => url.includes(part))
  )
    throw new Error(
      `MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, such as https://tiles.example.com/{z}/{x}/{y}.png, not '${url}'`,
    )
  if (!attribution?.trim())
    throw new Error(
      'MAP_TILE_ATTRIBUTION must say whose tiles MAP_TILE_URL draws (their licence asks for it)',
    )
  return { url, attribution: attribution.trim() }
}

function smtpLimitsFrom(env: NodeJS.ProcessEnv): SmtpLimitSettings {
  const d = defaultSmtpLimits
  const read = (name: string, fallback: number) => {
    const value = positiveInt(name, env[name], fallback)
    if (value < 1) throw new Error(`${name} must be at least 1`)
    return value
  }
  return {
    maxConnections: read('SMTP_MAX_CONNECTIONS', d.maxConnections),
    connectionsPerAddress: read('SMTP_CONNECTIONS_PER_ADDRESS', d.connectionsPerAddress),
    idleSeconds: read('SMTP_IDLE_SECONDS', d.idleSeconds),
    messagesPerSenderPerMinute: read('SMTP_MESSAGES_PER_SENDER_PER_MINUTE', d.messagesPerSenderPerMinute),
    megabytesPerSenderPerMinute: read('SMTP_MB_PER_SENDER_PER_MINUTE', d.megabytesPerSenderPerMinute),
    messagesPerAccountPerMinute: read('SMTP_MESSAGES_PER_ACCOUNT_PER_MINUTE', d.messagesPerAccountPerMinute),
    megabytesPerAccountPerMinute: read('SMTP_MB_PER_ACCOUNT_PER_MINUTE', d.megabytesPerAccountPerMinute),
  }
}

const upstreamPaceFrom = (env: NodeJS.ProcessEnv): UpstreamPace => ({
  requestsPerMinute: Math.max(
    2,
    positiveInt('UPSTREAM_REQUESTS_PER_MINUTE', env.UPSTREAM_REQUESTS_PER_MINUTE, 100),
  ),
  pageSize: Math.min(Math.max(1, positiveInt('UPSTREAM_PAGE_SIZE', env.UPSTREAM_PAGE_SIZE, 100)), 100),
  reconcileSeconds: Math.max(
    1,
    positiveInt('UPSTREAM_RECONCILE_SECONDS', env.UPSTREAM_RECONCILE_SECONDS, 300),
  ),
})

const visitorLimitsFrom = (env: NodeJS.ProcessEnv): VisitorLimitSettings => ({
  sessionRequestsPerMinute: positiveInt(
    'DEMO_SESSION_REQUESTS_PER_MINUTE',
    env.DEMO_SESSION_REQUESTS_PER_MINUTE,
    defaultVisitorLimits.sessionRequestsPerMinute,
  ),
  addressRequestsPerMinute: positiveInt(
    'DEMO_ADDRESS_REQUESTS_PER_MINUTE',
    env.DEMO_ADDRESS_REQUESTS_PER_MINUTE,
    defaultVisitorLimits.addressRequestsPerMinute,
  ),
  demoRequestsPerMinute: positiveInt(
    'DEMO_REQUESTS_PER_MINUTE',
    env.DEMO_REQUESTS_PER_MINUTE,
    defaultVisitorLimits.demoRequestsPerMinute,
  ),
})

/** Checked before anything starts; the URL's password is never repeated. */
function outboundMailFrom(env: NodeJS.ProcessEnv) {
  const smtpUrl = env.OUTBOUND_SMTP_URL || undefined
  let scheme = ''
  try {
    scheme = smtpUrl ? new URL(smtpUrl).protocol : 'smtp:'
  } catch {}
  if (scheme !== 'smtp:' && scheme !== 'smtps:')
    throw new Error(
      'OUTBOUND_SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465',
    )
  return { smtpUrl, from: env.OUTBOUND_FROM || undefined }
}

const documentReadingFrom = (env: NodeJS.ProcessEnv) => ({
  threads: Math.max(1, positiveInt('DOCUMENT_READ_THREADS', env.DOCUMENT_READ_THREADS, 1)),
  timeoutMs: 1000 * Math.max(1, positiveInt('DOCUMENT_READ_SECONDS', env.DOCUMENT_READ_SECONDS, 30)),
  memoryMb: Math.max(32, positiveInt('DOCUMENT_READ_MEMORY_MB', env.DOCUMENT_READ_MEMORY_MB, 96)),
})

const serviceConfigFrom = (env: NodeJS.ProcessEnv, host: string, port: number): ServiceConfig => ({
  ...defaultServiceConfig,
  publicUrl: publicUrl(env.PUBLIC_URL, host, port),
  rateLimitPerMinute: positiveInt('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 100),
  webhookTimeoutSeconds: positiveInt('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10),
  webhookDisableAfterHours: positiveInt('WEBHOOK_DISABLE_AFTER_HOURS', env.WEBHOOK_DISABLE_AFTER_HOURS, 120),
  webhookAllowlist: list(env.WEBHOOK_ALLOWLIST),
  webhookIps: list(env.WEBHOOK_IPS),
  inboundDomain: (env.INBOUND_DOMAIN || defaultServiceConfig.inboundDomain).toLowerCase(),
  secretKey: env.SECRET_KEY || undefined,
})

/** The README's configuration table lists every setting. */
export function readConfig(env: NodeJS.ProcessEnv): ProcessConfig {
  const upstreamUrl = env.UPSTREAM_URL || undefined
  const port = positiveInt('PORT', env.PORT, 3000)
  const host = env.HOST || '127.0.0.1'
  const upstreamPace = upstreamPaceFrom(env)
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    blobDir: resolve(env.BLOB_DIR || join(env.DATA_DIR || './data', 'blobs')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    upstreamUrl,
    upstream:
      upstreamUrl && env.UPSTREAM_API_KEY ? { apiKey: env.UPSTREAM_API_KEY, ...upstreamPace } : undefined,
    upstreamPace,
    secretKey: env.SECRET_KEY || undefined,
    demoApiKey: env.DEMO_API_KEY || undefined,
    ownerEmail: env.OWNER_EMAIL?.trim().toLowerCase() || undefined,
    demoShipments: positiveInt('DEMO_SHIPMENTS', env.DEMO_SHIPMENTS, 300),
    staticRoot: env.STATIC_ROOT ?? 'dist/web',
    clockSpeed: positiveInt('CLOCK_SPEED', env.CLOCK_SPEED, 1),
    clockControl: clockControlFrom(env),
    publicUrl: env.PUBLIC_URL ? publicUrl(env.PUBLIC_URL, host, port) : undefined,
    allowedHosts: list(env.ALLOWED_HOSTS),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    demoAccess: demoAccessFrom(env.DEMO_ACCESS, host),
    authFailuresPerMinute: positiveInt('AUTH_FAILURES_PER_MINUTE', env.AUTH_FAILURES_PER_MINUTE, 20),
    sessionStartsPerMinute: positiveInt('SESSION_STARTS_PER_MINUTE', env.SESSION_STARTS_PER_MINUTE, 30),
    visitorLimits: visitorLimitsFrom(env),
    responseCacheMb: positiveInt('RESPONSE_CACHE_MB', env.RESPONSE_CACHE_MB, 16),
    attributeTextCacheMb: positiveInt('ATTRIBUTE_TEXT_CACHE_MB', env.ATTRIBUTE_TEXT_CACHE_MB, 16),
    role: roleFrom(env.ROLE),
    smtpPort: env.SMTP_PORT ? positiveInt('SMTP_PORT', env.SMTP_PORT, 0) : undefined,
    smtpHost: env.SMTP_HOST || host,
    smtpLimits: smtpLimitsFrom(env),
    mapTiles: mapTilesFrom(env.MAP_TILE_URL, env.MAP_TILE_ATTRIBUTION),
    documentReading: documentReadingFrom(env),
    outboundMail: outboundMailFrom(env),
    service: serviceConfigFrom(env, host, port),
  }
}
