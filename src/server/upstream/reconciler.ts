import type { UpstreamResource } from '../storage/mirror-rows'
import type { Storage } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import { sweepUnseen } from './sweep-unseen'
import { type UpstreamClient, UpstreamError } from './upstream-client'
import { voyageSync } from './voyage-sync'

type ReconcilerDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  /** Resources asked for a page (the upstream caps it at 100). */
  pageSize: number
  /** How long after a pass ends the next begins. */
  intervalMs: number
  /** Containers whose events a pass reads at most, so a long backlog never keeps the lists from being read again. */
  eventReadsPerPass: number
  /** How old a vessel's last position may grow before it is asked again (30 min unless said). */
  vesselStaleMs?: number
  sleep: (ms: number) => Promise<void>
  now: () => Date
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/** The upstream's lists, parents first, so what a row refers to is already there when it is written. */
const LISTS = [
  { name: 'parties', path: '/parties', query: {} },
  { name: 'shipments', path: '/shipments', query: { include: 'containers' } },
  { name: 'tracking_requests', path: '/tracking_requests', query: {} },
  { name: 'custom_field_definitions', path: '/custom_field_definitions', query: { include: 'options' } },
  { name: 'custom_fields', path: '/custom_fields', query: {} },
] as const
const CONTAINERS_A_STEP = 20

const hasNext = (links: Record<string, unknown> | undefined, count: number, size: number) =>
  links && 'next' in links ? !!links.next : count >= size

/**
 * Pages through the upstream's lists and writes each page into the mirror together with where the pass
 * has got to, in one transaction: a process killed mid-pass starts again at the page it had not
 * finished, and a row read twice is written once (by its upstream id). Runs at start, then every
 * `intervalMs` from the start of the one before (at once when a pass took longer), and catches whatever a
 * webhook missed.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { storage, accountId, client } = deps
  const log = deps.log ?? console.warn
  let stopped = false
  let running: Promise<void> | undefined
  let listReads = 0
  const voyages = voyageSync({
    storage,
    accountId,
    client,
    now: deps.now,
    vesselStaleMs: deps.vesselStaleMs ?? 30 * 60_000,
    vesselReadsPerPass: Math.max(5, Math.floor(deps.eventReadsPerPass / 4)),
  })
  const sweep = {
    storage,
    accountId,
    client,
    limit: 50,
    now: deps.now,
    onAccountChanged: deps.onAccountChanged,
  }

  async function syncList(list: (typeof LISTS)[number]) {
    let page = await storage.upstream.nextPage(accountId, list.name)
    while (!stopped) {
      listReads++
      const answer = await client.get(list.path, {
        ...list.query,
        'page[number]': page,
        'page[size]': deps.pageSize,
      })
      const data = Array.isArray(answer.body.data) ? answer.body.data : []
      const more = hasNext(answer.body.links, data.length, deps.pageSize)
      await storage.transaction(async (stores) => {
        await applyResources(stores, accountId, resourcesOf(answer.body), answer.date)
        await stores.upstream.advance(accountId, list.name, more ? page + 1 : null, answer.date)
      })
      deps.onAccountChanged?.(accountId)
      if (!more) return sweepAfter(list.name)
      page++
    }
  }

  /** Asks after what a whole pass over the list did not see: gone upstream, or moved past by paging. */
  async function sweepAfter(list: string) {
    if (list !== 'shipments' && list !== 'tracking_requests') return
    const startedAt = await storage.upstream.passStartedAt(accountId, list)
    if (startedAt) await sweepUnseen(sweep, list, startedAt)
  }

  /**
   * The transport events of each container whose attributes changed since its events were last read
   * (every container, the first time): a request a container, so only those that moved cost one.
   */
  async function syncEvents() {
    // what the lists took this pass is not there for events, so a pass stays within one period's requests
    let budget = Math.max(20, deps.eventReadsPerPass - listReads)
    while (!stopped && budget > 0) {
      const due = await storage.upstream.containersDueForEvents(
        accountId,
        Math.min(CONTAINERS_A_STEP, budget),
      )
      // a container at sea costs two requests: its transport events and its raw events
      budget -= due.length + due.filter((d) => d.sailing).length
      if (due.length === 0) return
      const resources: UpstreamResource[] = []
      const rawEvents: UpstreamResource[] = []
      for (const { id, sailing } of due) {
        if (stopped) return
        const answer = await client.get(`/containers/${id}/transport_events`).catch((error) => {
          if (error instanceof UpstreamError && error.kind === 'refused') return undefined
          throw error
        })
        if (answer) resources.push(...resourcesOf(answer.body))
        if (sailing) rawEvents.push(...(await voyages.rawEventsOf(id)))
      }
      const vessels = await voyages.newVessels(rawEvents)
      await storage.transaction(async (stores) => {
        await applyResources(stores, accountId, resources, deps.now())
        await voyages.write(
          stores,
          vessels,
          rawEvents,
          due.map((d) => d.shipmentId),
        )
        await stores.upstream.markEventsRead(accountId, due)
      })
      deps.onAccountChanged?.(accountId)
    }
  }

  /** One whole pass; a list the upstream does not have (404, 422) is passed over. */
  async function pass() {
    listReads = 0
    for (const list of LISTS) {
      if (stopped) return
      try {
        await syncList(list)
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== 'refused') throw error
        log(`The upstream has no ${list.name} list to mirror (${error.status}); passing it over`)
        await storage.upstream.advance(accountId, list.name, null)
      }
    }
    if (stopped) return
    await syncEvents()
    if (!stopped) await voyages.refreshPositions()
    if (!stopped) await storage.upstream.recordReconciled(accountId, deps.now())
  }

  async function loop() {
    while (!stopped) {
      const began = deps.now().getTime()
      let failed = false
      try {
        await pass()
      } catch (error) {
        failed = true
        if (!stopped) log(`Reconciling with the upstream stopped for now: ${(error as Error).message}`)
      }
      // start to start, so what a webhook missed is seen within about one period; after a failure, a whole pause
      const elapsed = deps.now().getTime() - began
      if (!stopped) await deps.sleep(failed ? deps.intervalMs : Math.max(deps.intervalMs - elapsed, 1000))
    }
  }

  return {
    start() {
      running ??= loop()
    },
    /** Runs one pass now (tests, and the first pass after connecting from Settings). */
    pass,
    async stop() {
      stopped = true
      await running
    },
  }
}
