/**
 * npm run bench:api [-- --shipments 100000 --duration 10 --databases postgres,pglite --port 3270]
 * Measures the server `npm start` runs (dist/server/main.js: build first), through its gateway, with its
 * tracking engine and webhook dispatcher live, so the response cache is invalidated as on a real server.
 * PostgreSQL (provisioned here, or BENCH_DATABASE_URL) is seeded at `shipments` before the server starts;
 * the PGlite server seeds its own demo. Each endpoint is measured at 50 connections over loopback along
 * two paths, a request with `Authorization: Token` (straight to the service) and a dashboard session
 * (the gateway adds the token), cached and rendered (`Cache-Control: no-cache`), beside a bare node:http
 * server answering the same body. The load comes from autocannon in its own process, which also counts
 * the cache hits. Then, rendered by token: varied pages (random list pages, searches for and reads of
 * random containers) and each board tab's first page; and the varied pages again on a server with the
 * attribute-text cache off (ATTRIBUTE_TEXT_CACHE_MB=0), a user's first read after a change. Traffic goes
 * only to 127.0.0.1; every run is bounded.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { BOARD_FIELDS, BOARD_TABS } from '../../src/contract/container-board'
import { systemClock } from '../../src/server/clock'
import { seedDemo } from '../../src/server/demo/seed'
import { openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { startPostgres } from '../support/postgres'
import { benchBlobs } from './bench-blobs'
import { loadFromOwnProcess, type Measured } from './load-process'
import { startShippedServer } from './shipped-server'

const { values } = parseArgs({
  options: {
    shipments: { type: 'string', default: '100000' },
    'demo-shipments': { type: 'string', default: '300' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'postgres,pglite' },
    port: { type: 'string', default: '3270' },
    /** Writes a V8 CPU profile of the server (node --cpu-prof) to this folder, and measures only the rendered list. */
    profile: { type: 'string' },
  },
})
const KEY = 'bench-key-0000000000'
const ACCEPT = { Accept: 'application/vnd.api+json' }

const measure = (url: string, headers: Record<string, string>, paths?: string[]) =>
  loadFromOwnProcess(url, values.connections, values.duration, { ...ACCEPT, ...headers }, paths)

async function bare(body: string) {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.api+json' })
    response.end(body)
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const result = await measure(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {})
  await new Promise<void>((done) => server.close(() => done()))
  return result
}

/** Seeds PostgreSQL at `shipments` (or measures what an earlier run left) and prints the plans that matter. */
async function seedPostgres(databaseUrl: string, shipments: number) {
  const database = await openDatabase({ databaseUrl })
  const storage = createStorage(database, systemClock, benchBlobs())
  const started = Date.now()
  const seededBefore = await storage.apiKeys.authenticate(KEY)
  const existing = seededBefore
    ? (await storage.shipments.list(seededBefore.accountId, {}, { number: 1, size: 1 })).total
    : 0
  if (existing >= shipments) console.log(`postgres: reusing ${existing} seeded shipments`)
  else {
    if (existing > 0)
      throw new Error(`postgres: the database holds ${existing} bench shipments; use an empty one`)
    await seedDemo(storage, {
      shipments,
      now: new Date(),
      apiKey: KEY,
      onProgress: (m) => m.endsWith('0 shipments') && process.stdout.write(`\r${m}   `),
    })
    console.log(
      `\npostgres: seeded ${shipments} shipments in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
  }
  // what autovacuum does on a live server: fresh statistics, and the search index's pending entries merged
  await database.db.execute(sql`vacuum analyze`)
  await database.close()
}

const SHIPPED_SERVER_ENV = {
  DEMO_API_KEY: KEY,
  DEMO_ACCESS: 'read-write',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  // the session path is one demo visitor's, counted by the demo's own limits
  DEMO_SESSION_REQUESTS_PER_MINUTE: '1000000000',
  DEMO_ADDRESS_REQUESTS_PER_MINUTE: '1000000000',
  DEMO_REQUESTS_PER_MINUTE: '1000000000',
}
const FRESH = { 'Cache-Control': 'no-cache' }
const random = (n: number) => 1 + Math.floor(Math.random() * n)

/**
 * Pages a user would read, not one URL again and again: random list pages, searches for random
 * containers' numbers and random containers, 400 of each, so most rows are read for the first time.
 */
async function variedPaths(
  get: (
    path: string,
  ) => Promise<{ data: { id: string; attributes: { number: string } }[]; meta: { total: number } }>,
) {
  const lastPage = Math.ceil((await get('/shipments?page[size]=1')).meta.total / 25)
  const containers: { id: string; number: string }[] = []
  const lastContainerPage = Math.ceil((await get('/containers?page[size]=1')).meta.total / 100)
  for (let page = 0; page < 4; page++)
    for (const row of (await get(`/containers?page[size]=100&page[number]=${random(lastContainerPage)}`))
      .data)
      containers.push({ id: row.id, number: row.attributes.number })
  return {
    'list 25 with containers, random pages': Array.from(
      { length: 400 },
      () => `/v2/shipments?page[size]=25&include=containers&page[number]=${random(lastPage)}`,
    ),
    'search by container number, random numbers': containers.map((c) => `/v2/shipments?q=${c.number}`),
    'container with shipment and events, random containers': containers.map(
      (c) => `/v2/containers/${c.id}?include=shipment,transport_events`,
    ),
  }
}

/** The sparse fieldsets the dashboard's board asks with. */
const BOARD_FIELDSETS = Object.entries(BOARD_FIELDS)
  .map(([type, names]) => `fields[${type}]=${names.join(',')}`)
  .join('&')

/** Every tab's first page, as the board opens it, each rendered afresh. */
const boardTabTargets = () =>
  Object.fromEntries(
    BOARD_TABS.map((tab) => [
      `board: ${tab}, first page`,
      `/containers?filter[tab]=${tab}&include=shipment,pod_terminal&page[size]=25&${BOARD_FIELDSETS}`,
    ]),
  )

type Row = Record<string, string | number>

/** One URL a row, by token and by session, cached and rendered, beside a bare server answering its body. */
async function fixedRows(label: string, origin: string, headers: Record<string, Record<string, string>>) {
  const get = async (path: string) => (await fetch(`${origin}/v2${path}`, { headers: headers.token })).json()
  const sample = await get('/shipments?page[size]=1&include=containers')
  const containerNumber = sample.included[0].attributes.number as string
  const allTargets = {
    'list 25 with containers': '/shipments?page[size]=25&include=containers',
    'search by container number': `/shipments?q=${containerNumber}`,
    'container with shipment and events': `/containers/${sample.included[0].id}?include=shipment,transport_events`,
    'board: needs attention, every tab counted': `/containers?filter[tab]=attention&counts=tabs&include=shipment,pod_terminal&page[size]=25&${BOARD_FIELDSETS}`,
    // the same page as a client without fieldsets reads it: every event id and every shipment field
    'board: needs attention, every tab counted, whole resources':
      '/containers?filter[tab]=attention&counts=tabs&include=shipment,pod_terminal&page[size]=25',
  }
  const targets = values.profile
    ? { 'list 25 with containers': allTargets['list 25 with containers'] }
    : allTargets
  const renderings = values.profile
    ? ([['rendered', FRESH]] as const)
    : ([
        ['cached', {}],
        ['rendered', FRESH],
      ] as const)
  const rows: Row[] = []
  for (const [name, path] of Object.entries(targets)) {
    const baseline = await bare(JSON.stringify(await get(path)))
    for (const via of ['token', 'session'] as const)
      for (const [rendering, fresh] of renderings) {
        const service = await measure(`${origin}/v2${path}`, { ...headers[via], ...fresh })
        rows.push({
          ...rowOf(label, name, via, rendering, service),
          'hit rate': rendering === 'cached' ? service.hitRate.toFixed(3) : '',
          'bare rps': baseline.rps,
          ratio: (service.rps / baseline.rps).toFixed(2),
        })
      }
  }
  return { rows, containerNumber }
}

const rowOf = (label: string, endpoint: string, via: string, rendering: string, m: Measured): Row => ({
  database: label,
  endpoint,
  via,
  rendering,
  p50: m.p50,
  p99: m.p99,
  rps: m.rps,
  errors: m.errors,
})

/**
 * Measures the shipped server on one database: the fixed URLs (unless only the text cache's effect is
 * asked for), then varied pages and the board's tabs rendered afresh by token.
 */
async function run(label: string, env: Record<string, string>, only?: 'varied') {
  const server = await startShippedServer(
    { PORT: values.port, ...SHIPPED_SERVER_ENV, ...env },
    'Quayside is running',
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
  )
  try {
    const origin = `http://127.0.0.1:${values.port}`
    const token = { Authorization: `Token ${KEY}` }
    const session = { Cookie: (await fetch(`${origin}/session`)).headers.get('set-cookie')!.split(';')[0] }
    const fixed = only ? undefined : await fixedRows(label, origin, { token, session })
    const rows = fixed?.rows ?? []
    if (!values.profile) {
      const get = async (path: string) => (await fetch(`${origin}/v2${path}`, { headers: token })).json()
      for (const [name, paths] of Object.entries(await variedPaths(get))) {
        const measured = await measure(`${origin}${paths[0]}`, { ...token, ...FRESH }, paths)
        rows.push(rowOf(label, name, 'token', 'rendered', measured))
      }
      if (!only)
        for (const [name, path] of Object.entries(boardTabTargets()))
          rows.push(
            rowOf(
              label,
              name,
              'token',
              'rendered',
              await measure(`${origin}/v2${path}`, { ...token, ...FRESH }),
            ),
          )
    }
    console.table(rows)
    return fixed?.containerNumber
  } finally {
    await server.stop()
  }
}

/** The plans of the store's search query and the board's tab counts, at the seeded size. */
async function explain(databaseUrl: string, containerNumber: string) {
  const database = await openDatabase({ databaseUrl })
  const storage = createStorage(database, systemClock, benchBlobs())
  const caller = await storage.apiKeys.authenticate(KEY)
  if (caller) {
    const plan = await storage.shipments.explainList(
      caller.accountId,
      { q: containerNumber },
      { number: 1, size: 30 },
    )
    console.log(`EXPLAIN of the store's search query (q=${containerNumber}) on postgres:\n${plan.join('\n')}`)
    const counts = await storage.board.explainTabCounts(caller.accountId, { days: 3 })
    console.log(`EXPLAIN of the board's tab counts on postgres:\n${counts.join('\n')}`)
  }
  await database.close()
}

const databases = values.databases.split(',')
const postgres =
  databases.includes('postgres') && !process.env.BENCH_DATABASE_URL ? await startPostgres() : undefined
try {
  if (databases.includes('postgres')) {
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? postgres!.url
    await seedPostgres(databaseUrl, Number(values.shipments))
    const env = { DATABASE_URL: databaseUrl, DEMO_SHIPMENTS: values.shipments }
    const containerNumber = await run('postgres', env)
    // a user's first read after a change: nothing kept of the rows' attribute texts
    if (!values.profile)
      await run('postgres, text cache off', { ...env, ATTRIBUTE_TEXT_CACHE_MB: '0' }, 'varied')
    if (containerNumber) await explain(databaseUrl, containerNumber)
  }
  if (databases.includes('pglite')) {
    const env = { DEMO_SHIPMENTS: values['demo-shipments'] }
    await run('pglite', env)
    if (!values.profile)
      await run('pglite, text cache off', { ...env, ATTRIBUTE_TEXT_CACHE_MB: '0' }, 'varied')
  }
} finally {
  postgres?.stop()
}
