import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../../src/server/storage/database'

export const DATABASE_KINDS = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof DATABASE_KINDS)[number]

/** A fresh, migrated, empty database of the given kind; PostgreSQL ones are dropped on close. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({})
  const serverUrl = inject('postgresUrl')
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  return {
    ...database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
