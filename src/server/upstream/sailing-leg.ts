import type { LegInput } from '../storage/mirror-voyage-store'
import type { SailingLeg } from '../storage/schema'

type Event = LegInput['events'][number]

const at = (event: Event | undefined) => event?.timestamp?.getTime()

/** Null when not at sea, lying at a transshipment, or the vessel is unknown here: the map cannot show it then. */
export function sailingLegOf(input: LegInput): SailingLeg | null {
  if (!input.sailing) return null
  const departures = input.events.filter((e) => e.event === 'vessel_departed' && !e.estimated && e.timestamp)
  const departure = departures.at(-1)
  const departAt = at(departure) ?? input.polAtdAt?.getTime()
  if (departAt === undefined) return null
  const later = input.events.filter((e) => e.event === 'vessel_arrived' && (at(e) ?? 0) > departAt)
  if (later.some((e) => !e.estimated)) return null
  const next = later[0]
  const from = departure?.locode ?? input.polLocode
  const to = next?.locode ?? input.podLocode
  const toPod = to === input.podLocode
  // the shipment's own ETA is read every pass, the raw events only when a container changes
  const arriveAt = (toPod ? input.podEtaAt?.getTime() : undefined) ?? at(next)
  if (!from || !to || arriveAt === undefined) return null
  const imo = departure?.vesselImo ?? (toPod ? input.vesselImo : null)
  const vessel =
    input.vessels.find((v) => departure?.vesselId && v.id === departure.vesselId) ??
    input.vessels.find((v) => imo && v.imo === imo)
  if (!vessel) return null
  const candidates = toPod
    ? [arriveAt, input.podEtaAt?.getTime(), input.podOriginalEtaAt?.getTime()].filter(
        (t): t is number => t !== undefined,
      )
    : [arriveAt]
  return {
    vessel: { id: vessel.id, name: vessel.name, imo: vessel.imo },
    voyageNumber: departure?.voyageNumber ?? input.voyageNumber ?? '',
    from,
    to,
    departAt,
    arriveAt,
    toPod,
    eta: { earliest: Math.min(...candidates), likely: arriveAt, latest: Math.max(...candidates) },
  }
}
