import type { UpstreamResource } from '../storage/mirror-rows'
import type { SailingLeg } from '../storage/schema'
import type { Storage, Stores } from '../storage/storage'
import { resourcesOf } from './apply-document'
import { sailingLegOf } from './sailing-leg'
import { type UpstreamClient, UpstreamError } from './upstream-client'

type VoyageDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  now: () => Date
  vesselStaleMs: number
  /** So positions never crowd out the lists. */
  vesselReadsPerPass: number
}

const refusedAsNone = (error: unknown) => {
  if (error instanceof UpstreamError && error.kind === 'refused') return undefined
  throw error
}

/** jsonb reorders keys. */
const sameLeg = (a: SailingLeg | null, b: SailingLeg | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.vessel.id === b.vessel.id &&
    a.voyageNumber === b.voyageNumber &&
    a.from === b.from &&
    a.to === b.to &&
    a.departAt === b.departAt &&
    a.arriveAt === b.arriveAt &&
    a.toPod === b.toPod &&
    a.eta.earliest === b.eta.earliest &&
    a.eta.likely === b.eta.likely &&
    a.eta.latest === b.eta.latest)

const relatedId = (r: UpstreamResource, name: string) =>
  (r.relationships?.[name]?.data as { id?: string } | null | undefined)?.id

/** Requests only for containers at sea that changed, new vessels, and vessels stale past `vesselStaleMs`. */
export function voyageSync(deps: VoyageDeps) {
  const { storage, accountId, client } = deps
  // so a vessel the upstream cannot place is not asked again every pass
  const askedAt = new Map<string, number>()

  async function rawEventsOf(containerId: string) {
    const answer = await client.get(`/containers/${containerId}/raw_events`).catch(refusedAsNone)
    return answer ? resourcesOf(answer.body).filter((r) => r.type === 'raw_event') : []
  }

  async function newVessels(events: UpstreamResource[]) {
    const named = new Map<string, string>()
    for (const event of events) {
      const id = relatedId(event, 'vessel')
      const imo = event.attributes?.vessel_imo
      if (id) named.set(id, typeof imo === 'string' && imo ? imo : id)
    }
    const known = await storage.mirrorVoyage.knownVessels([...named.keys()], [...named.values()])
    const asked: UpstreamResource[] = []
    for (const [id, key] of named) {
      if (known.has(id) || known.has(key)) continue
      const answer = await client.get(`/vessels/${key}`).catch(refusedAsNone)
      asked.push(...(answer ? resourcesOf(answer.body).filter((r) => r.type === 'vessel') : []))
    }
    return asked
  }

  async function write(
    stores: Stores,
    vessels: UpstreamResource[],
    events: UpstreamResource[],
    shipmentIds: string[],
  ) {
    for (const vessel of vessels) await stores.mirrorVoyage.vessel(vessel)
    await stores.mirrorVoyage.rawEvents(accountId, events)
    const inputs = await stores.mirrorVoyage.legInputs(accountId, shipmentIds)
    await stores.mirrorVoyage.setLegs(
      accountId,
      inputs.map((input) => ({ shipmentId: input.id, leg: sailingLegOf(input) })),
    )
  }

  /** The upstream may have moved its ETA; only changed legs are written. */
  async function refreshLegs() {
    const ids = await storage.mirrorVoyage.sailingIds(accountId)
    for (let i = 0; i < ids.length; i += 500) {
      const inputs = await storage.mirrorVoyage.legInputs(accountId, ids.slice(i, i + 500))
      const changed = inputs.flatMap((input) => {
        const leg = sailingLegOf(input)
        return sameLeg(leg, input.current) ? [] : [{ shipmentId: input.id, leg }]
      })
      await storage.mirrorVoyage.setLegs(accountId, changed)
    }
  }

  /** Stalest first, within the pass's share. */
  async function refreshPositions() {
    await storage.mirrorVoyage.clearLanded(accountId)
    await refreshLegs()
    const now = deps.now().getTime()
    const before = new Date(now - deps.vesselStaleMs)
    const due = (await storage.mirrorVoyage.vesselsDue(accountId, before, deps.vesselReadsPerPass * 4))
      .filter((v) => (askedAt.get(v.id) ?? 0) < before.getTime())
      .slice(0, deps.vesselReadsPerPass)
    for (const vessel of due) {
      askedAt.set(vessel.id, now)
      const answer = await client.get(`/vessels/${vessel.imo ?? vessel.id}`).catch(refusedAsNone)
      const read = answer ? resourcesOf(answer.body).find((r) => r.type === 'vessel') : undefined
      if (read) await storage.mirrorVoyage.vessel({ ...read, id: vessel.id })
    }
    return due.length
  }

  return { rawEventsOf, newVessels, write, refreshPositions }
}
