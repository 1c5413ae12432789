import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join, sep } from 'node:path'

type Cause = { code?: unknown; path?: unknown; port?: unknown; address?: unknown; message?: unknown }

type StartSetting = {
  dataDir: string
  port: number
  host: string
  databaseUrl?: string
  smtpPort?: number
}

/** Enough for PGlite to write a WAL segment or two. */
const LOW_SPACE_BYTES = 32 * 1024 * 1024

function causesOf(error: unknown): Cause[] {
  const found: Cause[] = []
  const visit = (current: unknown, depth: number) => {
    if (!current || typeof current !== 'object' || depth > 6) return
    found.push(current as Cause)
    visit((current as { cause?: unknown }).cause, depth + 1)
    const inner = (current as { errors?: unknown }).errors
    if (Array.isArray(inner)) for (const each of inner) visit(each, depth + 1)
  }
  visit(error, 0)
  return found
}

const codeOf = (causes: Cause[], codes: string[]) =>
  causes.find((cause) => typeof cause.code === 'string' && codes.includes(cause.code))

function databaseName(databaseUrl: string) {
  try {
    const url = new URL(databaseUrl)
    return `${url.hostname}:${url.port || 5432}${url.pathname}`
  } catch {
    return 'the DATABASE_URL'
  }
}

const isWithin = (path: string, dir: string) => path === dir || path.startsWith(`${dir}${sep}`)

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function probeDataDir(dataDir: string, space = true): { code: string; free?: number } | undefined {
  try {
    mkdirSync(dataDir, { recursive: true })
    for (const dir of [dataDir, join(dataDir, 'pglite')].filter((path) => existsSync(path))) {
      const file = join(dir, `.write-check-${process.pid}`)
      writeFileSync(file, 'quayside')
      rmSync(file)
    }
    const { bavail, bsize } = statfsSync(dataDir)
    if (space && bavail * bsize < LOW_SPACE_BYTES) return { code: 'ENOSPC', free: bavail * bsize }
  } catch (error) {
    const code = (error as Cause).code
    return { code: typeof code === 'string' ? code : 'EIO' }
  }
  return undefined
}

function dataDirLine(code: string, dataDir: string, free?: number) {
  const where = `${dataDir} (DATA_DIR)`
  if (code === 'ENOSPC' || code === '53100')
    return `no space left on device in ${where}${free === undefined ? '' : `, ${megabytes(free)} free`}. Free space or set DATA_DIR to another disk.`
  if (code === 'EROFS')
    return `${where} is on a read-only file system. Mount it read-write or set DATA_DIR to a writable directory.`
  if (code === 'EACCES' || code === 'EPERM')
    return `no permission to write in ${where} as user ${process.getuid?.() ?? '?'}. Give this user write access (chown) or set DATA_DIR to a directory it owns.`
  return undefined
}

function listenLine(cause: Cause, setting: StartSetting) {
  const port = Number(cause.port ?? setting.port)
  const variable = port === setting.smtpPort && port !== setting.port ? 'SMTP_PORT' : 'PORT'
  const where = `port ${port} on ${String(cause.address ?? setting.host)}`
  if (cause.code === 'EADDRINUSE')
    return `${where} is already in use. Stop what listens there or set ${variable} to a free port.`
  if (cause.code === 'EADDRNOTAVAIL')
    return `${String(cause.address ?? setting.host)} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0.`
  return `no permission to listen on ${where}. Set ${variable} to a port above 1023.`
}

function databaseLine(causes: Cause[], databaseUrl: string) {
  const name = databaseName(databaseUrl)
  const unreachable = codeOf(causes, [
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
  ])
  if (unreachable)
    return `cannot reach PostgreSQL at ${name} (DATABASE_URL): ${String(unreachable.code)}. Start PostgreSQL there or correct DATABASE_URL.`
  if (codeOf(causes, ['28P01', '28000']))
    return `PostgreSQL at ${name} refused the user and password in DATABASE_URL. Correct them in DATABASE_URL.`
  if (codeOf(causes, ['3D000']))
    return `the database in DATABASE_URL (${name}) does not exist. Create it (createdb) or correct DATABASE_URL.`
  if (codeOf(causes, ['53100']))
    return `PostgreSQL at ${name} (DATABASE_URL) has no space left on its disk. Free space on the database server.`
  if (codeOf(causes, ['42501']))
    return `the user in DATABASE_URL may not create tables in ${name}. Grant it (owner of the database) or use another user.`
  return undefined
}

/** Never a query's parameters (demo rows). */
function shortMessage(causes: Cause[]) {
  const cause = causes.find(
    (entry) => !('params' in entry) && typeof entry.message === 'string' && entry.message,
  )
  const line = String(cause?.message ?? 'unknown error').split('\n')[0]
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** When PGlite hides the codes ("failed to initialize properly"), trying to write in DATA_DIR tells. */
export function describeStartFailure(error: unknown, setting?: StartSetting, probe = probeDataDir) {
  const causes = causesOf(error)
  const line = (text: string) => `Cannot start: ${text}`
  if (!setting) return line(shortMessage(causes))
  const listening = codeOf(causes, ['EADDRINUSE', 'EADDRNOTAVAIL'])
  const listenDenied = causes.find((cause) => cause.code === 'EACCES' && 'port' in cause)
  if (listening ?? listenDenied) return line(listenLine((listening ?? listenDenied) as Cause, setting))
  if (setting.databaseUrl) {
    const database = databaseLine(causes, setting.databaseUrl)
    if (database) return line(database)
  }
  // the error's own words give its path
  const outside = causes.find(
    (cause) => typeof cause.path === 'string' && !isWithin(cause.path, setting.dataDir),
  )
  if (outside) return line(shortMessage([outside]))
  const disk = codeOf(causes, [
    'ENOSPC',
    'EROFS',
    'EACCES',
    'EPERM',
    ...(setting.databaseUrl ? [] : ['53100']),
  ])
  // with PostgreSQL, DATA_DIR holds only the demo key: a full disk there is not the cause
  const found = disk ? { code: String(disk.code) } : probe(setting.dataDir, !setting.databaseUrl)
  const dataDir = found && dataDirLine(found.code, setting.dataDir, 'free' in found ? found.free : undefined)
  return line(dataDir ?? shortMessage(causes))
}
