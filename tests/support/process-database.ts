import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { DatabaseKind } from './databases'

/**
 * The environment of a server process on a fresh database of this kind, with its own DATA_DIR (where
 * PGlite and the blobs live): PostgreSQL databases are made on the suite's server and dropped again.
 */
export async function processDatabase(kind: DatabaseKind, prefix = 'quayside-process-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const removeDir = async () => rmSync(dir, { recursive: true, force: true })
  if (kind === 'pglite') return { dir, env: { DATA_DIR: dir } as Record<string, string>, drop: removeDir }
  const server = inject('postgresUrl')
  const name = `process_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    dir,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    drop: async () => {
      await removeDir()
      const cleanup = new pg.Client({ connectionString: server })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
