/**
 * npm run bench:soak [-- --minutes 30 --port 3281]   (or SOAK_MINUTES=3 npm run bench:soak)
 * Runs the built demo server (`node dist/server/main.js` with npm start's flags, on PGlite in a fresh
 * DATA_DIR) at CLOCK_SPEED=1440, so 30 minutes are a simulated month, while the board (every tab
 * counted), the map and the shipment list are polled and a webhook receiver in its own process hears
 * every event. Every minute it records the server's RSS and the data directory's size, prints the curve,
 * and exits 1 when RSS grew more than 5% over the last ten minutes (over the last third of a shorter run),
 * on a least-squares line through the readings, or when more than 1% of the polls failed.
 * Build first (`npm run build`). All traffic stays on 127.0.0.1, and every loop is bounded by the duration.
 */
import { fork } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startShippedServer } from './shipped-server'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.SOAK_MINUTES ?? '30' },
    port: { type: 'string', default: process.env.PORT ?? '3281' },
  },
})
const MINUTES = Number(values.minutes)
const KEY = 'bench-soak-key-0000000000'
const BASE = `http://127.0.0.1:${values.port}`
const MINUTE = 60_000
const POLLED = [
  '/v2/containers?counts=tabs&include=shipment,pod_terminal&page[size]=50',
  '/v2/containers?counts=tabs&include=shipment,pod_terminal&filter[tab]=lfd_soon&page[size]=50',
  '/v2/vessels?filter[carrying]=active',
  '/v2/ports?filter[holding]=waiting',
  '/v2/shipments?include=containers&page[size]=25',
]

const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024

function directoryMb(path: string): number {
  let bytes = 0
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name)
    if (entry.isDirectory()) bytes += directoryMb(full) * 1024 * 1024
    else if (entry.isFile()) bytes += statSync(full).size
  }
  return bytes / 1024 / 1024
}

/**
 * The start and end of a least-squares line through readings a minute apart: one reading taken just
 * before or after a garbage collection moves RSS by 100 MB either way, a leak moves the line.
 */
function fittedLine(readings: number[]) {
  const n = readings.length
  const meanX = (n - 1) / 2
  const meanY = readings.reduce((sum, y) => sum + y, 0) / n
  let covariance = 0
  let variance = 0
  readings.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY)
    variance += (x - meanX) ** 2
  })
  const slope = variance === 0 ? 0 : covariance / variance
  return { from: meanY - slope * meanX, to: meanY + slope * (n - 1 - meanX) }
}

async function startReceiver() {
  const child = fork(new URL('./webhook-receiver.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
  })
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message) => resolve((message as { port: number }).port)),
  )
  const received = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { received: number }).received))
      child.send('count')
    })
  return { port, received, stop: () => child.send('stop') }
}

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${BASE}${path}`, {
    ...init,
    headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json', ...init.headers },
  })

/** Polls the board, the map and the list one after another, as a few open dashboards would, until `until`. */
async function poll(until: number, tally: { requests: number; failures: number }) {
  while (Date.now() < until)
    for (const path of POLLED) {
      const answer = await call(path, { headers: { 'Cache-Control': 'no-cache' } }).catch(() => undefined)
      await answer?.arrayBuffer()
      tally.requests++
      if (answer?.status !== 200) tally.failures++
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
}

const receiver = await startReceiver()
const server = await startShippedServer({
  PORT: values.port,
  CLOCK_SPEED: '1440',
  DEMO_API_KEY: KEY,
  WEBHOOK_ALLOWLIST: '127.0.0.0/8',
  RATE_LIMIT_PER_MINUTE: '1000000',
})
const dataDir = server.dataDir
try {
  const created = await call('/v2/webhooks', {
    method: 'POST',
    body: JSON.stringify({
      data: { type: 'webhook', attributes: { url: `http://127.0.0.1:${receiver.port}/ok/soak` } },
    }),
  })
  if (created.status !== 201) throw new Error(`Could not create the webhook: ${created.status}`)
  const pid = server.child.pid as number
  const started = Date.now()
  const tally = { requests: 0, failures: 0 }
  const polling = Promise.all([1, 2].map(() => poll(started + MINUTES * MINUTE, tally)))
  const curve = [
    {
      minute: 0,
      rssMb: rssMb(pid),
      dataMb: directoryMb(dataDir),
      requests: 0,
      webhooks: 0,
      load: loadavg()[0],
    },
  ]
  for (let minute = 1; minute <= MINUTES; minute++) {
    await new Promise((resolve) => setTimeout(resolve, started + minute * MINUTE - Date.now()))
    curve.push({
      minute,
      rssMb: rssMb(pid),
      dataMb: directoryMb(dataDir),
      requests: tally.requests,
      webhooks: await receiver.received(),
      load: loadavg()[0],
    })
    const last = curve[curve.length - 1]
    console.log(
      `minute ${minute} (simulated day ${minute}): RSS ${last.rssMb.toFixed(0)} MB, data ${last.dataMb.toFixed(1)} MB, ${last.requests} requests, ${last.webhooks} webhooks, load ${last.load.toFixed(1)}`,
    )
  }
  await polling
  console.table(
    curve.map((point) => ({
      minute: point.minute,
      'RSS MB': point.rssMb.toFixed(0),
      'data dir MB': point.dataMb.toFixed(1),
      requests: point.requests,
      'webhooks received': point.webhooks,
      'machine load (1 min)': point.load.toFixed(1),
    })),
  )
  const window = Math.max(2, Math.min(10, Math.round(MINUTES / 3)))
  const { from, to } = fittedLine(curve.slice(-window - 1).map((point) => point.rssMb))
  const growth = (to - from) / from
  console.log(
    `RSS over the last ${window} minutes, on a least-squares line through the readings: ` +
      `${from.toFixed(0)} → ${to.toFixed(0)} MB (${(growth * 100).toFixed(1)}%); ` +
      `${tally.failures} of ${tally.requests} polls failed`,
  )
  if (growth > 0.05) {
    console.error('RSS grew more than 5% over the last minutes: a leak?')
    process.exitCode = 1
  }
  // a poll that timed out on a loaded machine is reported; a server that stopped answering fails the run
  if (tally.failures > tally.requests / 100) process.exitCode = 1
} finally {
  await server.stop()
  receiver.stop()
}
