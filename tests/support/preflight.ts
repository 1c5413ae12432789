/**
 * `npm test`'s first step: finds the browser and the PostgreSQL the suites need and checks that they start,
 * so that a machine without one stops here on one line that says what is missing and how to fix it.
 */
import { join } from 'node:path'
import pg from 'pg'
import { findChromium } from './chromium'
import { versionOf } from './executable'
import { MissingTool } from './missing-tool'
import { findPostgresBinaries } from './postgres-binaries'

function checkChromium() {
  const { executablePath, from } = findChromium()
  const started = versionOf(executablePath)
  if ('failure' in started)
    throw new MissingTool(
      `Chromium from ${from} (${executablePath}) does not start: ${started.failure}; set CHROMIUM_PATH to a Chromium that does`,
    )
  return `${started.version} from ${from} (${executablePath})`
}

async function checkPostgres() {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const { hostname, port } = new URL(url)
    const where = `${hostname || 'local socket'}:${port || 5432}`
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
    try {
      await client.connect()
      const { rows } = await client.query<{ server_version: string }>('show server_version')
      return `PostgreSQL ${rows[0].server_version} at TEST_DATABASE_URL (${where})`
    } catch (error) {
      throw new MissingTool(
        `TEST_DATABASE_URL (${where}) does not answer: ${(error as Error).message}; start that server, or unset TEST_DATABASE_URL to let the set-up start one`,
      )
    } finally {
      await client.end().catch(() => {})
    }
  }
  const { bin, from, platformPackage } = await findPostgresBinaries()
  const started = versionOf(join(bin, 'initdb'))
  if ('failure' in started) {
    const fix = platformPackage
      ? `run \`npm rebuild ${platformPackage}\` (its install script links the libraries)`
      : 'set TEST_DATABASE_URL to a server'
    throw new MissingTool(`PostgreSQL from ${from} (${bin}) does not start: ${started.failure}; ${fix}`)
  }
  return `${started.version.replace(/^initdb \(PostgreSQL\)/, 'PostgreSQL')} from ${from} (${bin})`
}

try {
  for (const line of [checkChromium(), await checkPostgres()]) console.log(`Test set-up: ${line}`)
} catch (error) {
  if (!(error instanceof MissingTool)) throw error
  console.error(`npm test: ${error.message}`)
  process.exit(1)
}
