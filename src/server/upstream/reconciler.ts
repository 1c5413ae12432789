import type { Storage } from '../storage/storage'
import { syncEvents } from './event-sync'
import { LISTS, listSync } from './list-sync'
import { type UpstreamClient, UpstreamError } from './upstream-client'
import { voyageSync } from './voyage-sync'

type ReconcilerDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  /** The upstream caps it at 100. */
  pageSize: number
  intervalMs: number
  /** So a long backlog never keeps the lists from being read again. */
  eventReadsPerPass: number
  vesselStaleMs?: number
  sleep: (ms: number) => Promise<void>
  now: () => Date
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/** Each page and the pass's position in one transaction, so a killed pass resumes; catches what a webhook missed. */
export function createReconciler(deps: ReconcilerDeps) {
  const { storage, accountId, client } = deps
  const log = deps.log ?? console.warn
  let stopped = false
  let running: Promise<void> | undefined
  const voyages = voyageSync({
    storage,
    accountId,
    client,
    now: deps.now,
    vesselStaleMs: deps.vesselStaleMs ?? 30 * 60_000,
    vesselReadsPerPass: Math.max(5, Math.floor(deps.eventReadsPerPass / 4)),
  })
  const lists = listSync({ ...deps, stopped: () => stopped })
  const events = { ...deps, voyages, stopped: () => stopped }

  /** A list the upstream does not have (404, 422) is passed over. */
  async function pass() {
    lists.counter.reads = 0
    for (const list of LISTS) {
      if (stopped) return
      try {
        await lists.syncList(list)
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== 'refused') throw error
        log(`The upstream has no ${list.name} list to mirror (${error.status}); passing it over`)
        await storage.upstream.advance(accountId, list.name, null)
      }
    }
    if (stopped) return
    // so a pass stays within one period's requests
    await syncEvents(events, Math.max(20, deps.eventReadsPerPass - lists.counter.reads))
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
      // start to start, so what a webhook missed is seen within about one period
      const elapsed = deps.now().getTime() - began
      if (!stopped) await deps.sleep(failed ? deps.intervalMs : Math.max(deps.intervalMs - elapsed, 1000))
    }
  }

  return {
    start() {
      running ??= loop()
    },
    pass,
    async stop() {
      stopped = true
      await running
    },
  }
}
