import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { builtServerDir } from './built-server'
import { removeTestOriginals } from './databases'
import { startPostgres } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
    /** Where the run keeps what it makes once: the first database of each filling, which tests' are copied from. */
    testCache: { dir: string; runId: string }
  }
}

/** Provides a real PostgreSQL server to every suite: TEST_DATABASE_URL, or one started for this run. */
export default async function setup(project: TestProject) {
  const cache = {
    dir: mkdtempSync(join(tmpdir(), 'quayside-test-originals-')),
    runId: randomBytes(4).toString('hex'),
  }
  project.provide('testCache', cache)
  const removeBuilt = () => rmSync(builtServerDir(cache.runId), { recursive: true, force: true })
  if (process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL
    project.provide('postgresUrl', url)
    return async () => {
      removeBuilt()
      await removeTestOriginals(url, cache)
    }
  }
  const postgres = await startPostgres()
  project.provide('postgresUrl', postgres.url)
  return async () => {
    removeBuilt()
    await removeTestOriginals(postgres.url, cache)
    postgres.stop()
  }
}
