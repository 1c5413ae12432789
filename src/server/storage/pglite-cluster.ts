import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { extract } from 'tar'

/**
 * PGlite's WebAssembly memory only ever grows: every buffer and work area Postgres touches stays resident
 * for the life of the process. Its defaults are a server's (128 MB of shared buffers, 64 MB for index
 * builds); the embedded demo keeps a few megabytes instead. Pages it does not hold are read from the
 * operating system's file cache, which is not the process's memory.
 */
const SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '2MB',
  max_connections: '10',
  // with no checkpointer process PGlite kept every segment of its log: see keepWalSmall
  max_wal_size: '64MB',
  min_wal_size: '32MB',
}

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
]

/**
 * PGlite has no checkpointer process, so its log is never recycled on its own: a month of the fast-forwarded
 * demo left 225 MB of a 296 MB DATA_DIR in pg_wal. Every `everyMs` this checkpoints once 32 MB were
 * written since the last checkpoint, which brings pg_wal back to max_wal_size. Returns a stop function.
 */
export function keepWalSmall(client: PGlite, everyMs = 60_000) {
  let running: Promise<unknown> = Promise.resolve()
  const check = async () => {
    const { rows } = await client.query<{ mb: number }>(
      'select (pg_current_wal_lsn() - redo_lsn) / 1048576.0 as mb from pg_control_checkpoint()',
    )
    if (Number(rows[0].mb) >= 32) await client.exec('checkpoint')
  }
  const timer = setInterval(() => {
    running = running.then(check).catch(() => {}) // a closed database reads as nothing to do
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/** The extensions the migrations create: pg_trgm for search by part of a number or name (0024). */
export const PGLITE_EXTENSIONS = { pg_trgm }

export const pgliteVersion = () => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version as string
}

/** An empty cluster made by this version of PGlite, so first starts skip initdb (see cluster-template-cli.ts). */
export const clusterTemplateFile = (version = pgliteVersion()) =>
  join(import.meta.dirname, 'cluster-template', `pglite-${version}.tar.br`)

const isCluster = (path: string) => existsSync(join(path, 'PG_VERSION'))

/**
 * Makes sure `dataPath` holds a database cluster. A new one is unpacked from the template, or made by
 * PGlite's initdb when this PGlite version has none (which briefly takes 800 MB: PGlite runs initdb on a
 * second in-memory instance and a copy of its heap). Either way it is made beside `dataPath` and renamed
 * into place, so a process killed half-way leaves no half-made cluster to start from.
 */
export async function ensureCluster(dataPath: string, template = clusterTemplateFile()) {
  if (isCluster(dataPath)) return
  const staging = `${dataPath}.new`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  try {
    await makeCluster(staging, template)
  } catch (error) {
    // a half-made cluster is of no use, and on a full disk its files hold the space the next start needs
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  // whatever is here has no PG_VERSION: a folder an interrupted older version left, never a database
  rmSync(dataPath, { recursive: true, force: true })
  renameSync(staging, dataPath)
}

async function makeCluster(staging: string, template: string) {
  if (existsSync(template)) {
    // strict: a file that could not be written (no space, say) fails the unpacking instead of a warning
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

/** An in-memory database started from the template, which is quicker and smaller than initdb. */
export function inMemoryCluster() {
  const template = clusterTemplateFile()
  const loadDataDir = existsSync(template)
    ? new Blob([brotliDecompressSync(readFileSync(template))])
    : undefined
  return PGlite.create({ loadDataDir, startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS })
}
