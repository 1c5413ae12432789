import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import {
  clusterTemplateFile,
  ensureCluster,
  inMemoryCluster,
  PGLITE_START_PARAMS,
  pgliteVersion,
} from './pglite-cluster'

const setting = async (pg: PGlite, name: string) =>
  (
    await pg.query<{ setting: string; unit: string }>(
      'select setting, unit from pg_settings where name = $1',
      [name],
    )
  ).rows[0]

describe('the embedded database cluster', () => {
  it('has a template made by the installed PGlite, and no other (npm run db:template makes it)', () => {
    expect(existsSync(clusterTemplateFile())).toBe(true)
    expect(readdirSync(dirname(clusterTemplateFile()))).toEqual([`pglite-${pgliteVersion()}.tar.br`])
  })

  it('unpacks a new cluster from the template and opens it with the small settings', async () => {
    const dataPath = join(mkdtempSync(join(tmpdir(), 'quayside-cluster-')), 'pglite')
    await ensureCluster(dataPath)
    expect(existsSync(join(dataPath, 'PG_VERSION'))).toBe(true)
    expect(existsSync(`${dataPath}.new`)).toBe(false)
    const pg = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS })
    expect(await setting(pg, 'shared_buffers')).toEqual({ setting: '2048', unit: '8kB' })
    await pg.exec('create table kept (id int); insert into kept values (1)')
    await pg.close()

    await ensureCluster(dataPath)
    const reopened = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS })
    expect((await reopened.query('select id from kept')).rows).toEqual([{ id: 1 }])
    await reopened.close()
  }, 60_000)

  it('replaces what a process killed while making the cluster left behind', async () => {
    const dataPath = join(mkdtempSync(join(tmpdir(), 'quayside-cluster-')), 'pglite')
    // a staging folder cut off half-way, and a folder an older version began to fill in place
    mkdirSync(join(`${dataPath}.new`, 'base'), { recursive: true })
    writeFileSync(join(`${dataPath}.new`, 'base', 'half-written'), 'x')
    mkdirSync(join(dataPath, 'global'), { recursive: true })
    await ensureCluster(dataPath)
    expect(readdirSync(dataPath)).toContain('PG_VERSION')
    expect(existsSync(`${dataPath}.new`)).toBe(false)
    const pg = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS })
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await pg.close()
  }, 60_000)

  it('makes the cluster with initdb when there is no template for the installed PGlite', async () => {
    const dataPath = join(mkdtempSync(join(tmpdir(), 'quayside-cluster-')), 'pglite')
    await ensureCluster(dataPath, clusterTemplateFile('0.0.0-none'))
    const pg = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS })
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await pg.close()
  }, 120_000)

  it('starts an in-memory database from the template', async () => {
    const pg = await inMemoryCluster()
    expect(await setting(pg, 'work_mem')).toEqual({ setting: '4096', unit: 'kB' })
    expect((await pg.query('select current_database() as name')).rows).toEqual([{ name: 'postgres' }])
    await pg.close()
  }, 60_000)
})
