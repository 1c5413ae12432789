/**
 * How fast a connected account mirrors its upstream within Terminal49's 100 requests a minute: a
 * Quayside in simulator mode with `--shipments N` is the upstream, a counting proxy stands in front of
 * it, and a second Quayside mirrors it at UPSTREAM_REQUESTS_PER_MINUTE=100. Prints the time until every
 * shipment and container is mirrored, the requests that took, the most requests in any 60 s, and the
 * lag from an upstream change to the mirror by webhook.
 *
 *   npm run bench:connected -- --upstream quayside --shipments 1000
 *
 * Without `--upstream quayside`, the upstream is one that knows only the reference document, with
 * 10,000 shipments unless said (tests/bench/connected-reference.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FROM_SOURCES, freePort, startProcess, until } from '../support/server-process'
import { benchReference } from './connected-reference'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const SHIPMENTS = arg('shipments', 1000)
const PER_MINUTE = arg('per-minute', 100)
const KEY = 'bench-upstream-key-000000'

/** Passes requests on to the upstream and notes when each was sent and what it asked for. */
async function countingProxy(target: number) {
  const sent: { at: number; path: string }[] = []
  const server = createServer((request, response) => {
    sent.push({ at: Date.now(), path: request.url ?? '' })
    const onward = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    onward.on('error', () => response.destroy())
    request.pipe(onward)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port, sent, close: () => server.close() }
}

const mostInAnyMinute = (times: number[]) => {
  let most = 0
  for (let i = 0, j = 0; i < times.length; i++) {
    while (j < times.length && times[j] < times[i] + 60_000) j++
    most = Math.max(most, j - i)
  }
  return most
}

const call =
  (port: number) =>
  async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
      ...init,
      headers: {
        Authorization: `Token ${KEY}`,
        'Content-Type': 'application/vnd.api+json',
        'Cache-Control': 'no-cache',
      },
    })
    return (await response.json()) as {
      data: { id: string; attributes: Record<string, unknown> }[]
      meta?: { total?: number }
    }
  }
const total = async (api: ReturnType<typeof call>, list: string) =>
  (await api(`/${list}?page[size]=1`)).meta?.total ?? 0

async function main() {
  const dirs = [
    mkdtempSync(join(tmpdir(), 'bench-upstream-')),
    mkdtempSync(join(tmpdir(), 'bench-connected-')),
  ]
  const [upstreamPort, connectedPort] = [await freePort(), await freePort()]
  const noDashboard = join(tmpdir(), 'no-dashboard-here')
  const seeding = Date.now()
  const up = await startProcess(
    {
      DATA_DIR: dirs[0],
      PORT: String(upstreamPort),
      DEMO_API_KEY: KEY,
      DEMO_SHIPMENTS: String(SHIPMENTS),
      RATE_LIMIT_PER_MINUTE: '100000',
      WEBHOOK_ALLOWLIST: '127.0.0.0/8',
      STATIC_ROOT: noDashboard,
    },
    undefined,
    FROM_SOURCES,
  )
  console.log(
    `upstream: ${SHIPMENTS} demo shipments loaded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  )
  const proxy = await countingProxy(upstreamPort)
  const upstream = call(upstreamPort)
  const connected = call(connectedPort)
  const [shipments, containers] = [await total(upstream, 'shipments'), await total(upstream, 'containers')]
  const started = Date.now()
  const mirror = await startProcess(
    {
      DATA_DIR: dirs[1],
      PORT: String(connectedPort),
      UPSTREAM_URL: `http://127.0.0.1:${proxy.port}/v2`,
      UPSTREAM_API_KEY: KEY,
      UPSTREAM_REQUESTS_PER_MINUTE: String(PER_MINUTE),
      STATIC_ROOT: noDashboard,
    },
    undefined,
    FROM_SOURCES,
  )
  try {
    await until(
      'every shipment and container mirrored',
      async () => {
        const [s, c] = [await total(connected, 'shipments'), await total(connected, 'containers')]
        return s >= shipments && c >= containers ? true : undefined
      },
      3_600_000,
    )
    const listsAt = Date.now()
    const listRequests = proxy.sent.filter((r) => !r.path.includes('/transport_events')).length
    console.log(
      `mirrored ${shipments} shipments and ${containers} containers in ${((listsAt - started) / 1000).toFixed(1)} s (from the mirror's start), ${listRequests} requests besides transport events`,
    )
    const lag = await webhookLag(upstream, connected)
    console.log(
      `upstream change to the mirror by webhook: ${lag} ms (a tracking request found upstream, seen on both sides)`,
    )
    const eventReads = proxy.sent.filter((r) => r.path.includes('/transport_events')).length
    console.log(
      `after ${((Date.now() - started) / 1000).toFixed(0)} s: ${proxy.sent.length} requests (${eventReads} for transport events), most in any 60 s: ${mostInAnyMinute(proxy.sent.map((r) => r.at))} (limit ${PER_MINUTE})`,
    )
  } finally {
    mirror.child.kill('SIGKILL')
    up.child.kill('SIGKILL')
    proxy.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
}

/** From a tracking request's shipment being found upstream to the mirror holding it. */
async function webhookLag(upstream: ReturnType<typeof call>, connected: ReturnType<typeof call>) {
  const body = {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'TEST-TR-SUCCEEDED', scac: 'TEST' },
    },
  }
  const made = (await upstream('/tracking_requests', {
    method: 'POST',
    body: JSON.stringify(body),
  })) as unknown as { data: { id: string } }
  const found = (api: ReturnType<typeof call>) => async () => {
    const request = (await api(`/tracking_requests/${made.data.id}`)) as unknown as {
      data?: { attributes: { status: string } }
    }
    return request.data?.attributes.status === 'created' ? Date.now() : undefined
  }
  const seenUpstream = await until('the upstream to find the shipment', pollFast(found(upstream)), 300_000)
  const seenHere = await until('the mirror to hold it', pollFast(found(connected)), 300_000)
  return seenHere - seenUpstream
}

/** `until` polls every 200 ms; this polls every 20 ms within each of its turns, for a lag worth measuring. */
const pollFast = (check: () => Promise<number | undefined>) => async () => {
  for (let i = 0; i < 10; i++) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return undefined
}

if (process.argv[process.argv.indexOf('--upstream') + 1] === 'quayside') await main()
else await benchReference()
