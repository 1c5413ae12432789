import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CONTAINER_STATUSES } from '../../src/contract/containers'
import { referenceRows } from '../../src/server/demo/reference-rows'
import { seedDemo } from '../../src/server/demo/seed'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { builtServer } from '../support/built-server'
import { DATABASE_KINDS, type DatabaseKind } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'

const KEY = 'demo-crash-key-00000000'
const SHIPMENTS = 300

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

type Target = { env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void> }

async function targetFor(kind: DatabaseKind): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quayside-demo-crash-'))
  if (kind === 'pglite')
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  const server = inject('postgresUrl')
  const name = `demo_crash_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      const cleanup = new pg.Client({ connectionString: server })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, bundle.args, {
    env: {
      ...process.env,
      ...bundle.env,
      ...env,
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: String(SHIPMENTS),
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Resolves once `seen()` holds, checking every few milliseconds; fails if the process ends first. */
async function until(run: Run, what: string, seen: (run: Run) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (!seen(run)) {
    if (run.child.exitCode !== null)
      throw new Error(`The server ended (${run.child.exitCode}) before ${what}:\n${run.output()}`)
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${run.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

/** Starts the server and kills it with SIGKILL, like a machine losing power, the moment `when` holds. */
async function killWhen(env: Record<string, string>, what: string, when: (run: Run) => boolean) {
  const run = startServer(env)
  await until(run, what, when)
  run.child.kill('SIGKILL')
  expect(await run.exited).toBeNull()
  return run.output()
}

const printed = (text: string) => (run: Run) => run.output().includes(text)

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0].n)

/** What must hold of a whole demo, whenever and however often its loading was cut off. */
async function demoSummary(database: Database) {
  const tables = [
    'accounts',
    'api_keys',
    'users',
    'parties',
    'ports',
    'terminals',
    'shipping_lines',
    'vessels',
    'shipments',
    'tracking_requests',
    'custom_field_definitions',
    'custom_field_options',
    'webhooks',
  ]
  const rows: Record<string, number> = {}
  for (const table of tables)
    rows[table] = await count(database, sql`select count(*) as n from ${sql.identifier(table)}`)
  return {
    rows,
    shipmentsWithoutContainers: await count(
      database,
      sql`select count(*) as n from shipments s where not exists (select 1 from containers c where c.shipment_id = s.id)`,
    ),
    containerStatuses: await count(database, sql`select count(distinct current_status) as n from containers`),
    vesselsWithoutPosition: await count(
      database,
      sql`select count(*) as n from vessels where latitude is null`,
    ),
    customFieldValues: (await count(database, sql`select count(*) as n from custom_field_values`)) > 0,
    emailSubmissions: (await count(database, sql`select count(*) as n from email_submissions`)) > 0,
  }
}

let expected: Awaited<ReturnType<typeof demoSummary>>
/** The server as `npm start` runs it. */
let bundle: Awaited<ReturnType<typeof builtServer>>

beforeAll(async () => {
  bundle = await builtServer()
  // the same demo loaded without interruption, for the counts that do not depend on the time of day
  const reference = await openDatabase({})
  await seedDemo(createStorage(reference, { now: () => new Date() }, tempBlobStore()), {
    shipments: SHIPMENTS,
    now: new Date(),
    apiKey: KEY,
  })
  expected = await demoSummary(reference)
  await reference.close()
}, 180_000)

describe.each(DATABASE_KINDS)('a first start killed while loading the demo on %s', (kind) => {
  let target: Target
  beforeAll(async () => {
    target = await targetFor(kind)
  })
  afterAll(() => target?.drop())

  it('starts again after each kill and ends with the whole demo, each part of it once', {
    timeout: 600_000,
  }, async () => {
    const { env } = target
    if (kind === 'pglite')
      await killWhen(env, 'the cluster to be unpacked', () =>
        existsSync(join(env.DATA_DIR, 'pglite.new', 'PG_VERSION')),
      )
    await killWhen(env, 'the demo to start loading', printed('Loading demo data…'))
    await killWhen(
      env,
      'the first shipments',
      printed(`Harbor Freight Demo Co.: 50 of ${SHIPMENTS} shipments`),
    )
    await killWhen(
      env,
      'the last shipments',
      printed(`Harbor Freight Demo Co.: ${SHIPMENTS} of ${SHIPMENTS}`),
    )
    await killWhen(env, 'the second account', printed('Second Account Ltd.: 12 of 12 shipments'))

    const port = await freePort()
    const run = startServer({ ...env, PORT: String(port) })
    await until(run, 'the server to answer', printed('Quayside is running'))
    const answer = await fetch(`http://127.0.0.1:${port}/v2/shipments?page[size]=1`, {
      headers: { Authorization: `Token ${KEY}` },
    })
    expect(answer.status).toBe(200)
    expect(run.output()).toContain(`Loaded demo data: ${SHIPMENTS} shipments.`)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)

    const database = await target.open()
    const summary = await demoSummary(database)
    await database.close()
    expect(summary).toEqual(expected)
    expect(summary.rows.ports).toBe(referenceRows().portRows.length)
    expect(summary.rows.shipments).toBe(SHIPMENTS + 12)
    expect(summary.containerStatuses).toBe(CONTAINER_STATUSES.length)
    expect(summary.shipmentsWithoutContainers).toBe(0)
    expect(summary.vesselsWithoutPosition).toBe(0)
  })
})

describe('servers starting together on one PostgreSQL database', () => {
  it('load the demo once: the later ones wait for the first and find it there', {
    timeout: 180_000,
  }, async () => {
    const target = await targetFor('postgres')
    const first = await target.open()
    const second = await target.open()
    try {
      const now = new Date()
      const loads = await Promise.all(
        [first, second].map((database) =>
          seedDemo(createStorage(database, { now: () => now }, tempBlobStore()), {
            shipments: 20,
            now,
            apiKey: KEY,
          }),
        ),
      )
      expect(loads.sort()).toEqual([false, true])
      expect(await count(first, sql`select count(*) as n from accounts`)).toBe(2)
      expect(await count(first, sql`select count(*) as n from shipments`)).toBe(20 + 12)
    } finally {
      await first.close()
      await second.close()
      await target.drop()
    }
  })
})
