/**
 * A connected account mirroring 10,000 upstream shipments of an upstream that knows only the reference
 * document (tests/support/reference-upstream.ts), in two runs:
 *  1. at Terminal49's 100 requests a minute, in real time: until every shipment and container is listed,
 *     the lag from an upstream change to the board by a signed webhook, and without one (the reconciler);
 *  2. with the bucket opened (`--count-rate`) only to count: the requests a whole first mirror takes
 *     (lists, every container's transport events, raw events of those at sea, vessels) and the requests
 *     of a pass once current, with nothing changed and with `--changes` containers changed. The time at
 *     100 a minute is then requests / 100 minutes (or the processing time, if longer).
 *
 *   npm run bench:connected -- --shipments 10000 [--reconcile-seconds 300] [--count-rate 30000]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startReferenceUpstream } from '../support/reference-upstream'
import { FROM_SOURCES, freePort, startProcess, until } from '../support/server-process'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const SHIPMENTS = arg('shipments', 10_000)
const RECONCILE_S = arg('reconcile-seconds', 300)
const COUNT_RATE = arg('count-rate', 30_000)
const CHANGES = arg('changes', 100)
const KEY = 'bench-reference-key-00000'
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

type Upstream = Awaited<ReturnType<typeof startReferenceUpstream>>

const kindOf = (request: string) => {
  const path = request.split(' ')[1].split('?')[0].replace(/^\/v2/, '')
  if (path.endsWith('/transport_events')) return 'transport_events'
  if (path.endsWith('/raw_events')) return 'raw_events'
  if (path.startsWith('/vessels/')) return 'vessels'
  if (path === '/account') return 'account'
  if (/^\/(shipments|tracking_requests)\/[^/]+$/.test(path)) return 'sweep'
  if (/^\/[a-z_]+$/.test(path) && request.startsWith('GET')) return `list ${path.slice(1)}`
  return 'other'
}
const byKind = (requests: string[]) => {
  const counts = new Map<string, number>()
  for (const request of requests) counts.set(kindOf(request), (counts.get(kindOf(request)) ?? 0) + 1)
  return [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')
}

const client = (port: number) => async (path: string) => {
  // once more after a dropped connection: a read queued behind the mirror's writes can outlast a socket
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
        headers: { Authorization: `Token ${KEY}`, 'Cache-Control': 'no-cache' },
      })
      return (await response.json()) as { data: unknown; meta?: Record<string, unknown> }
    } catch (error) {
      if (attempt >= 2) throw error
    }
  }
}
type Client = ReturnType<typeof client>
const total = async (call: Client, list: string) =>
  ((await call(`/${list}?page[size]=1`)).meta?.total as number | undefined) ?? 0
const available = async (call: Client) =>
  ((await call('/containers?page[size]=1&counts=tabs')).meta as { tab_counts: Record<string, number> })
    .tab_counts.available
const reconciledAt = async (call: Client) =>
  ((await call('/account')).meta as { upstream: { last_reconciled_at: string | null } }).upstream
    .last_reconciled_at

async function connectedProcess(upstream: Upstream, perMinute: number, reconcileSeconds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reference-'))
  const port = await freePort()
  const started = await startProcess(
    {
      DATA_DIR: dir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_URL: upstream.url,
      UPSTREAM_API_KEY: KEY,
      UPSTREAM_REQUESTS_PER_MINUTE: String(perMinute),
      UPSTREAM_RECONCILE_SECONDS: String(reconcileSeconds),
      RATE_LIMIT_PER_MINUTE: '1000000',
      STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
    },
    undefined,
    FROM_SOURCES,
  )
  return {
    call: client(port),
    stop: () => {
      started.child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls every 20 ms from an upstream change until the board counts one more available container. */
/**
 * From an upstream change to a container until the mirror's container reads available (polled every 20 ms,
 * a cheap read), then until the board's tab counts include it (one count read, timed: on a busy
 * single-process PGlite that read is the slow part, and polling it would crowd out the mirror itself).
 */
async function lagToBoard(
  call: Client,
  containerId: string,
  change: () => Promise<unknown>,
  timeoutMs: number,
) {
  const before = await available(call)
  const changedAt = Date.now()
  await change()
  const applied = Date.now() - changedAt
  const deadline = changedAt + timeoutMs
  while (Date.now() < deadline) {
    const read = (await call(`/containers/${containerId}`)).data as {
      attributes: { available_for_pickup: boolean }
    }
    if (read.attributes.available_for_pickup) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const mirrored = Date.now() - changedAt
  if (mirrored >= timeoutMs) return undefined
  const counted = (await available(call)) > before
  return { applied, mirrored, board: Date.now() - changedAt, counted }
}
const lagText = (lag: Awaited<ReturnType<typeof lagToBoard>>) =>
  lag
    ? `${lag.mirrored} ms to the mirror's container, ${lag.board} ms to the board's counts${lag.counted ? '' : ' (NOT counted)'}`
    : 'not within the time allowed'

const sailing = (upstream: Upstream) =>
  upstream
    .containers()
    .filter((c) => c.attributes.pod_arrived_at === null)
    .map((c) => c.id)

async function atTheLimit(upstream: Upstream) {
  const started = Date.now()
  const mirror = await connectedProcess(upstream, 100, RECONCILE_S)
  try {
    const containers = upstream.containers().length
    await until(
      'every shipment and container listed',
      async () =>
        (await total(mirror.call, 'shipments')) >= SHIPMENTS &&
        (await total(mirror.call, 'containers')) >= containers
          ? true
          : undefined,
      3_600_000,
    )
    const listed = Date.now() - started
    console.log(
      `at 100/min: ${SHIPMENTS} shipments and ${containers} containers listed in ${seconds(listed)} from the mirror's start, ${upstream.requests.length} requests (${byKind(upstream.requests)})`,
    )
    const free = sailing(upstream)
    for (const id of free.slice(0, 3)) {
      const lag = await lagToBoard(
        mirror.call,
        id,
        async () => {
          upstream.discharge(id, new Date())
          await upstream.notify(id, new Date())
        },
        30_000,
      )
      console.log(`upstream change by webhook: delivery applied in ${lag?.applied} ms, ${lagText(lag)}`)
    }
    if (process.argv.includes('--skip-silent')) return
    const silent = await lagToBoard(
      mirror.call,
      free[5],
      async () => upstream.discharge(free[5], new Date()),
      3_600_000,
    )
    console.log(
      `upstream change without a webhook (reconciler only, UPSTREAM_RECONCILE_SECONDS=${RECONCILE_S}): ${lagText(silent)}; ${upstream.requests.length} requests by then (${byKind(upstream.requests)})`,
    )
  } finally {
    mirror.stop()
  }
}

/** The requests from now until `passes` passes have ended (the one running now counts as the first). */
async function passes(upstream: Upstream, call: Client, passes: number) {
  const from = upstream.requests.length
  for (let i = 0; i < passes; i++) {
    const before = await reconciledAt(call)
    await until(
      'a pass to end',
      async () => ((await reconciledAt(call)) !== before ? true : undefined),
      3_600_000,
    )
  }
  return upstream.requests.slice(from)
}

async function counted(upstream: Upstream) {
  const started = Date.now()
  const mirror = await connectedProcess(upstream, COUNT_RATE, 2)
  try {
    const containers = upstream.containers().length
    const events = () => upstream.requests.filter((r) => r.includes('/transport_events')).length
    await until(
      "every container's events read",
      async () => (events() >= containers ? true : undefined),
      7_200_000,
    )
    await passes(upstream, mirror.call, 1)
    const initial = upstream.requests.length
    const took = Date.now() - started
    console.log(
      `a whole first mirror: ${initial} requests (${byKind(upstream.requests)}), ${seconds(took)} of processing with the bucket at ${COUNT_RATE}/min: at 100/min ${(Math.max(initial / 100, took / 60_000)).toFixed(0)} min`,
    )
    const idle = await passes(upstream, mirror.call, 2).then(() => passes(upstream, mirror.call, 1))
    console.log(`a pass with nothing changed: ${idle.length} requests (${byKind(idle)})`)
    for (const id of sailing(upstream).slice(6, 6 + CHANGES)) upstream.discharge(id, new Date())
    const busy = await passes(upstream, mirror.call, 2)
    const perChange = (busy.length - 2 * idle.length) / CHANGES
    console.log(
      `two passes after ${CHANGES} containers at sea changed: ${busy.length} requests (${byKind(busy)}): ${perChange.toFixed(1)} more a changed container`,
    )
    const passMinutes = idle.length / 100
    const passesAnHour = 60 / Math.max(passMinutes, RECONCILE_S / 60)
    console.log(
      `staying current at 100/min with UPSTREAM_RECONCILE_SECONDS=${RECONCILE_S}: a pass of ${idle.length} requests takes ${passMinutes.toFixed(1)} min, so ${passesAnHour.toFixed(1)} passes and ${(passesAnHour * idle.length).toFixed(0)} requests an hour, plus ${perChange.toFixed(1)} a changed container and one a vessel at sea every 30 min`,
    )
    const board = Date.now()
    await available(mirror.call)
    console.log(
      `one read of the board's tab counts over ${containers} containers, between passes: ${Date.now() - board} ms`,
    )
  } finally {
    mirror.stop()
  }
}

export async function benchReference() {
  const made = Date.now()
  const upstream = await startReferenceUpstream({ shipments: SHIPMENTS })
  console.log(`reference upstream: ${SHIPMENTS} shipments made in ${seconds(Date.now() - made)}`)
  try {
    if (!process.argv.includes('--skip-real-time')) await atTheLimit(upstream)
    const fresh = await startReferenceUpstream({ shipments: SHIPMENTS })
    try {
      await counted(fresh)
    } finally {
      await fresh.close()
    }
  } finally {
    await upstream.close()
  }
}
