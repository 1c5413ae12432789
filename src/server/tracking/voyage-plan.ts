/**
 * A simulated shipment's whole life, decided once when it is planned and stored with the shipment. The
 * engine reads the world at any moment off it, so times are epoch milliseconds and it is plain JSON.
 */
export type ShipmentPlan = {
  version: 1
  /** Seeds the stable ids of everything derived from the plan (events, notifications' references). */
  seed: string
  shipmentId: string
  carrier: { scac: string; name: string; shortName: string | null }
  billOfLading: string
  pol: PlanPlace
  pod: PlanPlace
  transshipment: PlanPlace | null
  inland: PlanPlace | null
  podTerminalId: string
  /** The line sometimes moves the discharge to another terminal of the port before arrival. */
  terminalChange: { at: number; terminalId: string } | null
  legs: Leg[]
  voyageNumber: string
  berthedAt: number
  /** The port-of-discharge ETA as the line published it over time; the first entry is the original. */
  eta: Revision[]
  railScac: string | null
  createdAt: number
  containers: ContainerPlan[]
}

export type PlanPlace = { code: string; id: string; name: string; tz: string }
export type PlanVessel = { id: string; name: string; imo: string | null }
type Stop = { code: string; arriveAt: number; departAt: number }
/**
 * A vessel's passage between two seaports on one voyage of its rotation; its track is the sea route through
 * the calls it makes on the way. Plans made before the fleet have neither voyage number nor calls.
 */
export type Leg = {
  vessel: PlanVessel
  from: string
  to: string
  departAt: number
  arriveAt: number
  voyageNumber?: string
  calls?: Stop[]
}

export type Revision = { at: number; value: number }

export type PlaceKey = 'pol' | 'transshipment' | 'pod' | 'inland'

export type Milestone = {
  event: string
  at: number
  place: PlaceKey
  leg?: number
  atTerminal?: boolean
}

export type HoldPlan = {
  name: string
  description: string
  appearsAt: number
  /** Until then the hold shows as pending. */
  holdFrom: number
  clearsAt: number
}

export type ContainerPlan = {
  id: string
  number: string
  seal: string | null
  equipment: { type: string; length: number; height: string }
  weightLbs: number
  milestones: Milestone[]
  holds: HoldPlan[]
  dischargedAt: number
  availableAt: number
  fullOutAt: number
  emptyInAt: number
  railUnloadedAt: number | null
  lfd: Revision[]
  lineLfd: Revision[]
  inlandEta: Revision[]
  appointment: Revision | null
  afterPickup: 'picked_up' | 'delivered' | 'dropped'
  offDock: boolean
  /** The flat daily rate of plans made before tariffs; a plan with tiers charges by them instead. */
  demurragePerDay: number
  /** The terminal's tariff: from the `fromDay`-th day past the last free day, `perDay` a day. */
  demurrageTiers?: { from_day: number; per_day: number }[]
  examFee: number | null
  dwellFee: number | null
  otherFee: number | null
  chassis: string
  yardSlot: string
}

export const revisedValue = (revisions: Revision[], now: number) => {
  let value: number | undefined
  for (const revision of revisions) if (revision.at <= now) value = revision.value
  return value
}

export const placeOf = (plan: ShipmentPlan, key: PlaceKey) => {
  const place = plan[key]
  if (!place) throw new Error(`The plan has no ${key}`)
  return place
}

export const milestoneAt = (container: ContainerPlan, event: string) =>
  container.milestones.find((m) => m.event === event)?.at
