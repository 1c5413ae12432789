import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** PGlite's WebAssembly memory only grows, so the embedded demo keeps a few MB, not a server's defaults. */
const SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '2MB',
  max_connections: '10',
  // with no checkpointer PGlite kept every log segment: see keepWalSmall
  max_wal_size: '64MB',
  min_wal_size: '32MB',
}

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
]

/** No checkpointer in PGlite: a month of fast-forwarded demo left 225 MB of a 296 MB DATA_DIR in pg_wal. */
export function keepWalSmall(client: PGlite, everyMs = 60_000) {
  let running: Promise<unknown> = Promise.resolve()
  const check = async () => {
    const { rows } = await client.query<{ mb: number }>(
      'select (pg_current_wal_lsn() - redo_lsn) / 1048576.0 as mb from pg_control_checkpoint()',
    )
    if (Number(rows[0].mb) >= 32) await client.exec('checkpoint')
  }
  const timer = setInterval(() => {
    running = running.then(check).catch(() => {})
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/**
 * No autovacuum in PGlite either: its tables were never analyzed, so the planner guessed (the board's counts
 * read every shipment once per container), and dead rows were never reclaimed. A pass every `everyMs` runs
 * `VACUUM (ANALYZE)` on one table at a time, with a pause between, since each holds the event loop.
 */
export function keepTablesTidy(client: PGlite, everyMs = 10 * 60_000, pauseMs = 1_000) {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs).unref())
  const pass = async () => {
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_class
       where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
    )
    for (const { name } of rows) {
      if (stopped) return
      await client.exec(`vacuum (analyze) ${name}`)
      await pause()
    }
  }
  const timer = setInterval(() => {
    running = running.then(pass).catch(() => {})
  }, everyMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}

/** pg_trgm for search by part of a number or name (0024). */
export const PGLITE_EXTENSIONS = { pg_trgm }

export const pgliteVersion = () => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version as string
}

export const clusterTemplateFile = (version = pgliteVersion()) =>
  join(import.meta.dirname, 'cluster-template', `pglite-${version}.tar.br`)

const isCluster = (path: string) => existsSync(join(path, 'PG_VERSION'))

/** initdb briefly takes 800 MB in PGlite; made beside `dataPath` and renamed, so a kill leaves no half-made cluster. */
export async function ensureCluster(dataPath: string, template = clusterTemplateFile()) {
  if (isCluster(dataPath)) return
  const staging = `${dataPath}.new`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  try {
    await makeCluster(staging, template)
  } catch (error) {
    // on a full disk its files hold the space the next start needs
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  // without PG_VERSION it is a folder an interrupted older version left, never a database
  rmSync(dataPath, { recursive: true, force: true })
  renameSync(staging, dataPath)
}

async function makeCluster(staging: string, template: string) {
  if (existsSync(template)) {
    // loaded only for a first start, not at every one
    const { extract } = await import('tar')
    // strict: a file that could not be written fails the unpacking instead of warning
    await pipeline(
      createReadStream(template),
      createBrotliDecompress(),
      extract({ cwd: staging, strict: true }),
    )
    return
  }
  console.warn(
    `No cluster template for PGlite ${pgliteVersion()}: running initdb (npm run db:template makes one).`,
  )
  const made = await PGlite.create(staging, { startParams: PGLITE_START_PARAMS })
  await made.close()
}

/** Quicker and smaller than initdb; or, given one, a cluster dumped by `dumpDataDir`. */
export function inMemoryCluster(dump?: Blob) {
  const template = clusterTemplateFile()
  const loadDataDir =
    dump ?? (existsSync(template) ? new Blob([brotliDecompressSync(readFileSync(template))]) : undefined)
  return PGlite.create({ loadDataDir, startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS })
}
