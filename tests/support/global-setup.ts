import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

/** Provides a real PostgreSQL server to every suite: TEST_DATABASE_URL, or one started for this run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL)
    return
  }
  const postgres = await startPostgres()
  project.provide('postgresUrl', postgres.url)
  return () => postgres.stop()
}
