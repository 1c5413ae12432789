import type { UpstreamResource } from '../storage/mirror-rows'
import type { Storage } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import { type UpstreamClient, UpstreamError } from './upstream-client'
import type { voyageSync } from './voyage-sync'

const CONTAINERS_A_STEP = 20

type EventSyncDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  voyages: ReturnType<typeof voyageSync>
  now: () => Date
  stopped: () => boolean
  onAccountChanged?: (accountId: string) => void
}

async function transportEventsOf(client: UpstreamClient, id: string) {
  const answer = await client.get(`/containers/${id}/transport_events`).catch((error) => {
    if (error instanceof UpstreamError && error.kind === 'refused') return undefined
    throw error
  })
  return answer ? resourcesOf(answer.body) : []
}

/** Only containers that changed cost a request; `budget` requests at most. */
export async function syncEvents(deps: EventSyncDeps, budgetGiven: number) {
  const { storage, accountId, client, voyages } = deps
  let budget = budgetGiven
  while (!deps.stopped() && budget > 0) {
    const due = await storage.upstream.containersDueForEvents(accountId, Math.min(CONTAINERS_A_STEP, budget))
    // a container at sea costs two requests: its transport events and its raw events
    budget -= due.length + due.filter((d) => d.sailing).length
    if (due.length === 0) return
    const resources: UpstreamResource[] = []
    const rawEvents: UpstreamResource[] = []
    for (const { id, sailing } of due) {
      if (deps.stopped()) return
      resources.push(...(await transportEventsOf(client, id)))
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
