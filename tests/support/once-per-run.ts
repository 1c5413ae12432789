import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'

/**
 * Makes `dir` with `make` once in the test run, however many workers ask at the same time: the first holds a
 * lock on the run's PostgreSQL server while it makes it, the others wait and then find it made.
 */
export async function oncePerRun(dir: string, make: (dir: string, admin: pg.Client) => Promise<void>) {
  const ready = join(dir, '.ready')
  if (existsSync(ready)) return dir
  const admin = new pg.Client({ connectionString: inject('postgresUrl') })
  await admin.connect()
  try {
    // held by this connection, so a worker that dies while making it lets the next one try
    await admin.query('select pg_advisory_lock(hashtext($1))', [dir])
    if (existsSync(ready)) return dir
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    await make(dir, admin)
    writeFileSync(ready, '')
    return dir
  } finally {
    await admin.end()
  }
}
