import { CONTAINER_STATUSES } from '../../contract/containers'
import type { trackingRequests } from '../storage/schema'
import { materialize } from '../tracking/materialize'
import { type PlanningReference, planShipment } from '../tracking/plan-shipment'
import type { Random } from '../tracking/seeded-random'
import { BOARD_SCENES } from './board-scenes'
import type { ReferenceRows } from './reference-rows'
import { untilNew } from './until-new'

export const CUSTOMERS = [
  'Acme Retail Co.',
  'Blue Harbor Imports',
  'Northwind Traders',
  'Cascade Outfitters',
  'Sunrise Home Goods',
  'Pioneer Auto Parts',
]
const TAGS = ['priority', 'retail-q4', 'ecommerce', 'hazmat', 'reefer', 'promo']
const DAY = 86_400_000

export const demoVoyage = (line: ReferenceRows['lineRows'][number], now: Date) => ({
  carrier: {
    scac: line.scac,
    name: line.name,
    shortName: line.short_name,
    prefix: line.bill_of_lading_prefix,
  },
  now,
  departureWithinDays: [-56, 14] as [number, number],
})

export function planningReferenceFrom(reference: ReferenceRows): PlanningReference {
  const ports = new Map(reference.portRows.map((p) => [p.code, p]))
  return {
    port: (code) => ports.get(code),
    terminalIdsAt: (portId) => reference.terminalRows.filter((t) => t.port_id === portId).map((t) => t.id),
    vessels: reference.vesselRows,
    tariffOf: (terminalId) => reference.terminalRows.find((t) => t.id === terminalId)?.demurrage_tariff,
  }
}

export type ShipmentContext = {
  accountId: string
  now: Date
  reference: ReferenceRows
  planning: PlanningReference
  customers: { id: string; company_name: string }[]
  random: Random
  targetStatus?: string
}

export function generateShipment({
  accountId,
  now,
  reference,
  planning,
  customers,
  random,
  targetStatus,
}: ShipmentContext) {
  const line = random.pick(reference.lineRows.slice(0, 18))
  const customer = random.pick(customers)
  const { plan, hitTarget } = planShipment(planning, {
    ...demoVoyage(line, now),
    seed: random.token(),
    targetStatus,
    scene: targetStatus ? BOARD_SCENES[targetStatus] : undefined,
  })
  const trackingRequestId = random.uuid()
  const refNumbers = random.chance(0.7) ? [`PO-${random.int(10000, 99999)}`] : []
  const tags = random.chance(0.4) ? [random.pick(TAGS)] : []
  const rows = materialize(
    plan,
    {
      accountId,
      trackingRequestId,
      customer: { id: customer.id, name: customer.company_name },
      refNumbers,
      tags,
    },
    now,
  )
  const requestedAt = new Date(plan.createdAt - random.int(1, 30) * 60_000)
  const trackingRequest: typeof trackingRequests.$inferInsert = {
    id: trackingRequestId,
    account_id: accountId,
    request_number: plan.billOfLading,
    request_type: 'bill_of_lading',
    scac: plan.carrier.scac,
    ref_numbers: refNumbers,
    shipment_tags: tags,
    status: rows.shipment.line_tracking_stopped_at ? 'tracking_stopped' : 'created',
    customer_id: customer.id,
    shipment_id: plan.shipmentId,
    created_at: requestedAt,
    updated_at: new Date(Math.min(now.getTime(), requestedAt.getTime() + DAY)),
  }
  return { ...rows, plan, trackingRequest, hitTarget }
}

const requestKey = (request: { scac?: string | null; request_number: string }) =>
  `${request.scac} ${request.request_number}`

/** The first are placed so every container status is on screen at `now`; no number is tracked twice. */
export function demoShipments(context: Omit<ShipmentContext, 'targetStatus'> & { count: number }) {
  const targets: string[] = context.count >= 100 ? [...CONTAINER_STATUSES] : []
  // by 100,000 shipments some random bill of lading is likely to repeat
  const requested = new Set<string>()
  return () => {
    const shipment = untilNew(
      requested,
      (made) => requestKey(made.trackingRequest),
      () => generateShipment({ ...context, targetStatus: targets[0] }),
    )
    if (shipment.hitTarget) targets.shift()
    return shipment
  }
}
