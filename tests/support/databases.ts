import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { BlobStore } from '../../src/server/storage/blob-store'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createDiskBlobStore } from '../../src/server/storage/disk-blob-store'
import { oncePerRun } from './once-per-run'

export const DATABASE_KINDS = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof DATABASE_KINDS)[number]

/**
 * What a test's database starts with beyond the migrations. The run fills the first one of each name and
 * copies it for every later one: a suite's demo took 1.5–3.5 s to seed and PGlite's 45 migrations 0.4 s,
 * on every test file, against 0.3–0.5 s for a copy.
 */
export type Filling = {
  /** Tells this filling's copies from others' (letters, digits and dashes). */
  name: string
  /** Fills the first such database; the files it stores go to `blobs`. */
  fill: (database: Database, blobs: BlobStore) => Promise<unknown>
  /** Where a copy's files go. */
  blobsDir: string
}

const MIGRATED: Omit<Filling, 'blobsDir'> = { name: 'migrated', fill: async () => {} }

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>, serverUrl = inject('postgresUrl')) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

function urlOf(name: string) {
  const url = new URL(inject('postgresUrl'))
  url.pathname = `/${name}`
  return url.toString()
}

const templateName = (filling: Pick<Filling, 'name'>) =>
  `tpl_${inject('testCache').runId}_${filling.name.replaceAll('-', '_')}`

/** Makes the run's first database of this kind and filling. */
function ensureOriginal(kind: DatabaseKind, filling: Omit<Filling, 'blobsDir'>) {
  return oncePerRun(join(inject('testCache').dir, `${kind}-${filling.name}`), async (place, admin) => {
    const blobs = createDiskBlobStore(join(place, 'blobs'))
    if (kind === 'pglite') {
      const database = await openDatabase({})
      await filling.fill(database, blobs)
      writeFileSync(join(place, 'cluster.tar'), Buffer.from(await (await database.dump!()).arrayBuffer()))
      await database.close()
      return
    }
    await admin.query(`create database ${templateName(filling)}`)
    const database = await openDatabase({ databaseUrl: urlOf(templateName(filling)) })
    await filling.fill(database, blobs)
    // a template with a connection open cannot be copied
    await database.close()
  })
}

/** A fresh, migrated database of the given kind, filled as asked; PostgreSQL ones are dropped on close. */
export async function openTestDatabase(kind: DatabaseKind, filling?: Filling): Promise<Database> {
  const original = await ensureOriginal(kind, filling ?? MIGRATED)
  if (filling && existsSync(join(original, 'blobs')))
    cpSync(join(original, 'blobs'), filling.blobsDir, { recursive: true })
  if (kind === 'pglite') return openDatabase({ dump: await openAsBlob(join(original, 'cluster.tar')) })
  const name = `test_${randomBytes(6).toString('hex')}`
  await withAdmin((admin) =>
    admin.query(`create database ${name} template ${templateName(filling ?? MIGRATED)}`),
  )
  const database = await openDatabase({ databaseUrl: urlOf(name) })
  return {
    ...database,
    close: async () => {
      await database.close()
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}

/** Removes what `openTestDatabase` kept for the run: its files, and its templates on a server that outlives it. */
export async function removeTestOriginals(serverUrl: string, cache: { dir: string; runId: string }) {
  rmSync(cache.dir, { recursive: true, force: true })
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`tpl\\_${cache.runId}\\_%`],
    )
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`)
  }, serverUrl)
}
