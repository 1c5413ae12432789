import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase } from './database'

const walMb = (dataDir: string) => {
  const wal = join(dataDir, 'pglite', 'pg_wal')
  return (
    readdirSync(wal)
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .reduce((sum, name) => sum + statSync(join(wal, name)).size, 0) /
    1024 /
    1024
  )
}

it('keeps the embedded database log small however much is written (bench:soak: 225 MB in a month)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-wal-'))
  const database = await openDatabase({ dataDir, walCheckMs: 100 })
  try {
    // stored uncompressed, so each round writes its 20 MB of log
    await database.db.execute(sql.raw('create table churn (id int primary key, body text)'))
    await database.db.execute(sql.raw('alter table churn alter body set storage external'))
    for (let round = 0; round < 12; round++)
      await database.db.execute(
        sql.raw(`insert into churn select i, repeat(md5(i::text || '${round}'), 64) from generate_series(1, 10000) i
                 on conflict (id) do update set body = excluded.body`),
      )
    // the check runs every 100 ms; wait for it (bounded) rather than for a fixed time
    for (let waited = 0; walMb(dataDir) > 128 && waited < 300; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(walMb(dataDir)).toBeLessThanOrEqual(128)
  } finally {
    await database.close()
  }
}, 300_000)
