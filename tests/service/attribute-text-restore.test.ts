import { execFileSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../src/server/demo/seed'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createStorage, type Storage } from '../../src/server/storage/storage'
import { startPostgres } from '../support/postgres'
import { tempBlobStore } from '../support/temp-blobs'
import { NOW } from './harness'

const KEY = 'restore-test-key-000'
type Rows = { rows: { xmin: string }[] }

// a server of its own: the test stops it, puts an earlier copy of its data back and starts it again
describe('attribute texts kept by row version, across a restore on PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>
  let database: Database
  let storage: Storage
  const blobs = tempBlobStore()
  beforeAll(async () => {
    postgres = await startPostgres()
    database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 })
    storage = createStorage(database, { now: () => NOW }, blobs)
    await seedDemo(storage, { shipments: 3, now: NOW, apiKey: KEY, secondAccountShipments: 1 })
  }, 180_000)
  afterAll(async () => {
    await database?.close()
    postgres?.stop()
    blobs.remove()
  })

  /** A read that may meet a connection the restart closed: the pool drops it and the read goes again. */
  const retried = async <T>(read: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++)
      try {
        return await read()
      } catch (error) {
        if (attempt >= 5) throw error
      }
  }

  it('serves the restored row, not a text kept from the lost history whose xmin it reuses', async () => {
    const caller = await storage.apiKeys.authenticate(KEY)
    const accountId = caller!.accountId
    const shown = async (id: string) =>
      (await retried(() => storage.shipments.listShown(accountId, {}, { number: 1, size: 10 }))).rows.find(
        (row) => row.id === id,
      ) as { attributes_json: string }
    const [first] = (await storage.shipments.listShown(accountId, {}, { number: 1, size: 10 })).rows
    const rename = async (name: string) =>
      (
        (await retried(() =>
          storage.db.execute(
            sql`update shipments set customer_name = ${name} where id = ${first.id} returning xmin::text as xmin`,
          ),
        )) as unknown as Rows
      ).rows[0].xmin
    // the backup, taken while the server is stopped
    postgres.restart((data) => execFileSync('cp', ['-a', data, `${data}.backup`]))
    const lost = await rename('Lost History Ltd')
    expect((await shown(first.id)).attributes_json).toContain('Lost History Ltd')
    // the restore: the history since the backup is gone, and its transaction ids are handed out again
    postgres.restart((data) => {
      execFileSync('rm', ['-rf', data])
      execFileSync('cp', ['-a', `${data}.backup`, data])
    })
    const reused = await rename('Restored Ltd')
    expect(reused).toBe(lost)
    expect((await shown(first.id)).attributes_json).toContain('Restored Ltd')
  })
})
