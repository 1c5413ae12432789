import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/storage/database'
import { DATABASE_KINDS, type Filling, openTestDatabase } from './databases'
import { tempBlobStore } from './temp-blobs'

const rows = async (database: Database) =>
  (
    (await database.db.execute(sql`select n from filled order by n`)) as unknown as {
      rows: { n: number }[]
    }
  ).rows.map((row) => row.n)

describe.each(DATABASE_KINDS)('test databases on %s', (kind) => {
  const opened: Database[] = []
  const dirs: ReturnType<typeof tempBlobStore>[] = []
  afterAll(async () => {
    for (const database of opened) await database.close()
    for (const dir of dirs) dir.remove()
  })

  it('fills the run’s first one and copies it, files too, into databases that change apart', async () => {
    let fills = 0
    const copy = async () => {
      const blobs = tempBlobStore()
      dirs.push(blobs)
      const filling: Filling = {
        name: `support-test-${kind}`,
        fill: async (database, originalBlobs) => {
          fills++
          await database.db.execute(sql`create table filled (n int)`)
          await database.db.execute(sql`insert into filled values (1)`)
          await originalBlobs.put([new TextEncoder().encode('kept with the filling')])
        },
        blobsDir: blobs.dir,
      }
      const database = await openTestDatabase(kind, filling)
      opened.push(database)
      return { database, blobs }
    }
    const first = await copy()
    const second = await copy()
    expect(fills).toBe(1)
    expect(await rows(first.database)).toEqual([1])
    expect(await rows(second.database)).toEqual([1])

    await first.database.db.execute(sql`insert into filled values (2)`)
    expect(await rows(first.database)).toEqual([1, 2])
    expect(await rows(second.database)).toEqual([1])

    const sha256 = createHash('sha256').update('kept with the filling').digest('hex')
    for (const { blobs } of [first, second])
      expect(Buffer.from((await blobs.read(sha256))!).toString()).toBe('kept with the filling')
  })

  it('opens a migrated, empty database without a filling', async () => {
    const database = await openTestDatabase(kind)
    opened.push(database)
    const { rows: found } = (await database.db.execute(
      sql`select count(*)::int as n from shipments`,
    )) as unknown as { rows: { n: number }[] }
    expect(found[0].n).toBe(0)
  })
})
