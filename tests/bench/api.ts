/**
 * npm run bench:api [-- --shipments 100000 --duration 10 --databases postgres,pglite]
 * Seeds PostgreSQL (provisioned here, or BENCH_DATABASE_URL) and PGlite at demo size, then measures
 * p50, p99 and requests per second over loopback at 50 connections, against a bare node:http
 * server answering the same cached body. The load comes from autocannon in its own process, so it
 * does not share the event loop it measures. Traffic goes only to 127.0.0.1; every run is bounded.
 */
import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { createApp } from '../../src/server/app'
import { seedDemo } from '../../src/server/demo/seed'
import { defaultServiceConfig, systemClock } from '../../src/server/deps'
import { createResponseCache } from '../../src/server/http/response-cache'
import { type Database, openDatabase } from '../../src/server/storage/database'
import { createStorage } from '../../src/server/storage/storage'
import { startPostgres } from '../support/postgres'

const { values } = parseArgs({
  options: {
    shipments: { type: 'string', default: '100000' },
    'demo-shipments': { type: 'string', default: '300' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'postgres,pglite' },
  },
})
const KEY = 'bench-key-0000000000'
const duration = Number(values.duration)
const connections = Number(values.connections)

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

type AutocannonResult = {
  latency: { p50: number; p99: number }
  requests: { average: number }
  errors: number
  non2xx: number
}

async function measure(url: string, headers: string[] = []) {
  const output = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        autocannonCli,
        '--json',
        '-c',
        String(connections),
        '-d',
        String(duration),
        '-H',
        `Authorization=Token ${KEY}`,
        '-H',
        'Accept=application/vnd.api+json',
        ...headers.flatMap((header) => ['-H', header]),
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  )
  const result = JSON.parse(output) as AutocannonResult
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  }
}

async function bare(body: string) {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.api+json' })
    response.end(body)
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const result = await measure(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  await new Promise<void>((done) => server.close(() => done()))
  return result
}

async function run(label: string, database: Database, shipments: number) {
  const storage = createStorage(database, systemClock)
  const started = Date.now()
  // a database already seeded by an earlier run (BENCH_DATABASE_URL) is measured as it is
  const seededBefore = await storage.apiKeys.authenticate(KEY)
  const existing = seededBefore
    ? (await storage.shipments.list(seededBefore.accountId, {}, { number: 1, size: 1 })).total
    : 0
  if (existing >= shipments) console.log(`${label}: reusing ${existing} seeded shipments`)
  else {
    if (existing > 0)
      throw new Error(`${label}: the database holds ${existing} bench shipments; use an empty one`)
    await seedDemo(storage, {
      shipments,
      now: new Date(),
      apiKey: KEY,
      onProgress: (m) => m.endsWith('0 shipments') && process.stdout.write(`\r${m}   `),
    })
    console.log(
      `\n${label}: seeded ${shipments} shipments in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
  }
  // what autovacuum does on a live server: fresh statistics, and the search index's pending entries merged
  await database.db.execute(sql`vacuum analyze`)
  const app = createApp({
    storage,
    clock: { now: () => new Date() },
    fetch,
    responseCache: createResponseCache(),
    random: Math.random,
    config: { ...defaultServiceConfig, rateLimitPerMinute: 1e9 },
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`
  const get = async (path: string) =>
    (await fetch(`${base}${path}`, { headers: { Authorization: `Token ${KEY}` } })).json()
  const sample = await get('/shipments?page[size]=1&include=containers')
  const containerNumber = sample.included[0].attributes.number
  const containerId = sample.included[0].id
  const targets = {
    'list 25 with containers': '/shipments?page[size]=25&include=containers',
    'search by container number': `/shipments?q=${containerNumber}`,
    'container with shipment and events': `/containers/${containerId}?include=shipment,transport_events`,
    'board: needs attention, every tab counted':
      '/containers?filter[tab]=attention&counts=tabs&include=shipment,pod_terminal&page[size]=25',
  }
  const rows = []
  for (const [name, path] of Object.entries(targets)) {
    const baseline = await bare(JSON.stringify(await get(path)))
    for (const [rendering, headers] of [
      ['cached', []],
      ['rendered', ['Cache-Control=no-cache']],
    ] as const) {
      const service = await measure(`${base}${path}`, [...headers])
      rows.push({
        database: label,
        endpoint: name,
        rendering,
        ...service,
        'bare rps': baseline.rps,
        ratio: (service.rps / baseline.rps).toFixed(2),
      })
    }
  }
  console.table(rows)
  const caller = await storage.apiKeys.authenticate(KEY)
  if (caller) {
    const plan = await storage.shipments.explainList(
      caller.accountId,
      { q: containerNumber },
      { number: 1, size: 30 },
    )
    console.log(`EXPLAIN of the store's search query (q=${containerNumber}) on ${label}:\n${plan.join('\n')}`)
    const counts = await storage.board.explainTabCounts(caller.accountId, { lfdWithinDays: 3 })
    console.log(`EXPLAIN of the board's tab counts on ${label}:\n${counts.join('\n')}`)
  }
  await new Promise<void>((done) => server.close(() => done()))
  await database.close()
}

const databases = values.databases.split(',')
const postgres =
  databases.includes('postgres') && !process.env.BENCH_DATABASE_URL ? await startPostgres() : undefined
try {
  if (databases.includes('postgres'))
    await run(
      'postgres',
      await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL ?? postgres!.url }),
      Number(values.shipments),
    )
  if (databases.includes('pglite'))
    await run('pglite', await openDatabase({}), Number(values['demo-shipments']))
} finally {
  postgres?.stop()
}
