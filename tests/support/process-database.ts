import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { DatabaseKind } from './databases'

/** The environment a server process needs for a fresh database of this kind, and how to drop it after. */
export async function processDatabase(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-process-'))
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  if (kind === 'pglite') return { env: { DATA_DIR: dir }, drop: async () => removeDir() }
  const server = inject('postgresUrl')
  const name = `process_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    drop: async () => {
      removeDir()
      const cleanup = new pg.Client({ connectionString: server })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
