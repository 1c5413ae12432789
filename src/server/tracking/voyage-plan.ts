/** Stored with the shipment and read at any moment, so times are epoch ms and it is plain JSON. */
export type ShipmentPlan = {
  version: 1
  seed: string
  shipmentId: string
  carrier: { scac: string; name: string; shortName: string | null }
  billOfLading: string
  pol: PlanPlace
  pod: PlanPlace
  transshipment: PlanPlace | null
  inland: PlanPlace | null
  podTerminalId: string
  terminalChange: { at: number; terminalId: string } | null
  legs: Leg[]
  voyageNumber: string
  berthedAt: number
  /** The first entry is the original. */
  eta: Revision[]
  railScac: string | null
  createdAt: number
  containers: ContainerPlan[]
}

export type PlanPlace = { code: string; id: string; name: string; tz: string }
export type PlanVessel = { id: string; name: string; imo: string | null }
type Stop = { code: string; arriveAt: number; departAt: number }
/** Plans made before the fleet have neither voyage number nor calls. */
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
  /** Plans made before tariffs; a plan with tiers charges by them instead. */
  demurragePerDay: number
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
