import { execFileSync } from 'node:child_process'
import { chownSync, closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { openDatabase } from '../../src/server/storage/database'
import { DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { mountRefusal, smallDisk } from '../support/small-disk'
import { parsed, type Service, startService } from './harness'

const cannotMount = mountRefusal()
// the tablespace's folder is made here, so the PostgreSQL server must run on this machine, as its own user
const skipped =
  cannotMount ??
  (process.env.TEST_DATABASE_URL
    ? 'TEST_DATABASE_URL names a server that cannot see this machine’s mounts'
    : undefined)

/** Writes a file until the disk refuses, so the database has nothing left to grow into. */
function fillUp(path: string) {
  const file = openSync(path, 'w')
  const chunk = Buffer.alloc(64 * 1024, 1)
  try {
    for (;;) writeSync(file, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    closeSync(file)
  }
}

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: inject('postgresUrl') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A database whose files all live on `dir`: a PostgreSQL tablespace there, or PGlite's DATA_DIR. */
async function databaseOn(kind: DatabaseKind, dir: string, name: string) {
  if (kind === 'pglite') return openDatabase({ dataDir: dir })
  const postgresUser = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
  if (process.getuid?.() === 0) chownSync(dir, postgresUser('-u'), postgresUser('-g'))
  // the write-ahead log stays on the server's own disk
  await admin(`create tablespace ${name} location '${dir}'`)
  await admin(`create database ${name} tablespace ${name}`)
  const url = new URL(inject('postgresUrl'))
  url.pathname = `/${name}`
  return openDatabase({ databaseUrl: url.toString() })
}

describe.skipIf(skipped).each(DATABASE_KINDS)(
  `writes on a full disk on %s${skipped ? ` (skipped: ${skipped})` : ''}`,
  (kind) => {
    const name = `full_${process.pid}_${Date.now()}`
    const disk = skipped ? undefined : smallDisk('64m')
    let service: Service

    beforeAll(async () => {
      if (!disk) return
      service = await startService(kind, { shipments: 5, database: await databaseOn(kind, disk.dir, name) })
      // PGlite stops answering when a new WAL segment cannot be made (see the README): recycled ones need no space
      await service.storage.db.execute(sql`checkpoint`)
    })

    afterAll(async () => {
      await service?.stop()
      if (kind === 'postgres') {
        await admin(`drop database if exists ${name} with (force)`)
        await admin(`drop tablespace if exists ${name}`)
      }
      disk?.remove()
    })

    it('answers 507 in the error envelope, never 500, and writes again once space is freed', async () => {
      const filler = join(disk!.dir, 'filler')
      fillUp(filler)
      const statuses: number[] = []
      let refused: unknown
      for (let index = 0; index < 2000 && !refused; index++) {
        const response = await service.call('POST', '/v2/parties', {
          body: JSON.stringify({
            data: { type: 'party', attributes: { company_name: `Filler ${index} ${'x'.repeat(180)}` } },
          }),
        })
        statuses.push(response.status)
        if (response.status !== 201) refused = response.body
      }
      expect(statuses.at(-1), `after ${statuses.length} writes`).toBe(507)
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set(statuses.length > 1 ? [201] : []))
      expect(parsed(ErrorDocumentSchema, refused).errors[0]).toMatchObject({
        status: '507',
        title: 'Insufficient Storage',
        code: 'insufficient_storage',
      })
      // a read on a connection already open answers; one that needs a new PostgreSQL connection cannot, since a
      // starting backend writes its init file into the full database directory: then 507 too, never a 500
      const read = await service.get('/v2/parties')
      expect([200, 507], JSON.stringify(read.body)).toContain(read.status)
      if (read.status === 507)
        expect(parsed(ErrorDocumentSchema, read.body).errors[0].code).toBe('insufficient_storage')

      rmSync(filler)
      const again = await service.call('POST', '/v2/parties', {
        body: JSON.stringify({
          data: { type: 'party', attributes: { company_name: 'Written after space was freed' } },
        }),
      })
      expect(again.status).toBe(201)
    }, 120_000)
  },
)
