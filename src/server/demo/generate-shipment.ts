import type { containers, rawEvents, shipments, trackingRequests, transportEvents } from '../storage/schema'
import { containerCheckDigit } from '../tracking/check-digits'
import type { Point } from '../tracking/geo'
import { seaRoute } from '../tracking/sea-routes'
import { carrierWording } from './carrier-wording'
import { type Random, seededRandom } from './random'
import type { ReferenceRows } from './reference-rows'
import { feesAt, holdsAt, milestoneAt, planContainer, statusAt } from './voyage'
import { localDate } from './zoned-time'

const DAY = 86_400_000
const ASIA = ['CNSHA', 'CNNGB', 'CNYTN', 'CNQIN', 'HKHKG', 'KRPUS', 'TWKHH', 'VNSGN', 'SGSIN', 'JPTYO']
const EUROPE = ['NLRTM', 'BEANR', 'DEHAM', 'GBFXT', 'ESVLC', 'ITGOA']
const WEST = ['USLAX', 'USLAX', 'USLGB', 'USLGB', 'USOAK', 'USSEA', 'USTIW']
const EAST = [
  'USNYC',
  'USNYC',
  'USSAV',
  'USSAV',
  'USORF',
  'USBAL',
  'USBOS',
  'USPHL',
  'USJAX',
  'USMIA',
  'USPEF',
]
const GULF = ['USHOU', 'USHOU', 'USMSY', 'USMOB', 'USPOT']
const OWNER_CODES: Record<string, string[]> = {
  MAEU: ['MSKU', 'MRKU', 'MAEU'],
  MSCU: ['MSCU', 'MEDU'],
  CMDU: ['CMAU', 'CGMU'],
  EGLV: ['EGHU', 'EISU'],
  HLCU: ['HLXU', 'HLBU'],
  ONEY: ['ONEU', 'TCLU'],
  COSU: ['CSNU', 'CBHU'],
  OOLU: ['OOLU', 'OOCU'],
  ZIMU: ['ZIMU', 'ZCSU'],
}
export const CUSTOMERS = [
  'Acme Retail Co.',
  'Blue Harbor Imports',
  'Northwind Traders',
  'Cascade Outfitters',
  'Sunrise Home Goods',
  'Pioneer Auto Parts',
]
const TAGS = ['priority', 'retail-q4', 'ecommerce', 'hazmat', 'reefer', 'promo']

type Rows = {
  shipment: typeof shipments.$inferInsert
  trackingRequest: typeof trackingRequests.$inferInsert
  containers: (typeof containers.$inferInsert)[]
  transportEvents: (typeof transportEvents.$inferInsert)[]
  rawEvents: (typeof rawEvents.$inferInsert)[]
  hitTarget?: boolean
  /** Where the main vessel is, when it is at sea on this voyage. */
  vesselAtSea?: { vesselId: string; lane: Point[]; fraction: number }
}

export type ShipmentContext = {
  accountId: string
  now: Date
  reference: ReferenceRows
  customers: { id: string; company_name: string }[]
  random: Random
  /** Place the voyage in time so that the first container is in this status at `now`. */
  targetStatus?: string
}

/** The middle of the first stretch of time in which the container has `status`, if it ever does. */
function whenInStatus(plan: ReturnType<typeof planContainer>, status: string, from: Date) {
  const STEP = 3 * 3_600_000
  let start: number | undefined
  for (let t = from.getTime() - 20 * DAY; t < from.getTime() + 150 * DAY; t += STEP) {
    const inStatus = statusAt(plan, new Date(t)) === status
    if (inStatus && start === undefined) start = t
    if (!inStatus && start !== undefined) return new Date((start + t - STEP) / 2)
  }
  return undefined
}
/** One shipment, its containers and their events, as the world stands at `now`. */
export function generateShipment({
  accountId,
  now,
  reference,
  customers,
  random,
  targetStatus,
}: ShipmentContext): Rows {
  const port = (code: string) => reference.portRows.find((p) => p.code === code)!
  const region = random.next()
  const originCode = region < 0.72 ? random.pick(ASIA) : region < 0.95 ? random.pick(EUROPE) : 'BRSSZ'
  const podCode = ASIA.includes(originCode)
    ? random.pick(random.chance(0.62) ? WEST : random.chance(0.75) ? EAST : GULF)
    : random.pick(originCode === 'BRSSZ' || random.chance(0.8) ? EAST : GULF)
  const pol = port(originCode)
  const pod = port(podCode)
  const route = seaRoute(pol.code, pod.code)
  if (!route) throw new Error(`No sea route from ${pol.code} to ${pod.code}`)
  const lane = route.points
  const knots = 16 + random.next() * 3.5
  const seaDays = route.distanceKm / (knots * 1.852 * 24)
  const tsCode = random.chance(0.25)
    ? ASIA.includes(originCode)
      ? WEST.includes(podCode)
        ? 'KRPUS'
        : 'PAMIT'
      : 'MAPTM'
    : undefined
  const transshipment = tsCode && tsCode !== originCode ? port(tsCode) : undefined
  const inlandCode =
    (WEST.includes(podCode) || ['USNYC', 'USSAV', 'USORF', 'USBAL'].includes(podCode)) && random.chance(0.28)
      ? random.pick(
          WEST.includes(podCode)
            ? ['USCHI', 'USMEM', 'USDAL', 'USKCK']
            : ['USCHI', 'USCMH', 'USDET', 'USMEM'],
        )
      : undefined
  const inland = inlandCode ? port(inlandCode) : undefined
  let departureAt = new Date(now.getTime() + (random.next() * 70 - 56) * DAY)
  const carrier = random.pick(reference.lineRows.slice(0, 18))
  const terminalsAtPod = reference.terminalRows.filter((t) => t.port_id === pod.id)
  const terminal = random.pick(terminalsAtPod)
  const vessel = random.pick(reference.vesselRows)
  const secondVessel = random.pick(reference.vesselRows)
  const voyageNumber = `${random.int(100, 999)}${random.pick(['E', 'W', 'N', 'S'])}`
  const customer = random.pick(customers)
  const shipmentId = random.uuid()
  const bol = `${carrier.bill_of_lading_prefix ?? carrier.scac}${random.int(100000000, 999999999)}`
  const inputFor = (departure: Date) => ({
    departureAt: departure,
    seaDays,
    pol: { code: pol.code, tz: pol.time_zone },
    pod: { code: pod.code, tz: pod.time_zone },
    transshipment: transshipment && { code: transshipment.code, tz: transshipment.time_zone },
    inland: inland && { code: inland.code, tz: inland.time_zone },
  })
  const count = random.pick([1, 1, 1, 2, 2, 3, 4, 6])
  const rows: Rows = {
    shipment: {} as Rows['shipment'],
    trackingRequest: {} as Rows['trackingRequest'],
    containers: [],
    transportEvents: [],
    rawEvents: [],
  }
  const owners = OWNER_CODES[carrier.scac] ?? [`${carrier.scac.slice(0, 3)}U`]
  const railScac = WEST.includes(podCode) ? random.pick(['UPRR', 'BNSF']) : random.pick(['NSRR', 'CSXT'])
  const planSeed = random.uuid()
  const plansFor = (departure: Date) =>
    Array.from({ length: count }, (_, i) =>
      planContainer(inputFor(departure), seededRandom(`${planSeed}:${i}`)),
    )
  let hitTarget = false
  if (targetStatus) {
    const moment = whenInStatus(plansFor(departureAt)[0], targetStatus, departureAt)
    if (moment) {
      departureAt = new Date(departureAt.getTime() + (now.getTime() - moment.getTime()))
      hitTarget = true
    }
  }
  const plans = plansFor(departureAt)
  const createdAt = new Date(
    Math.min(departureAt.getTime() - random.int(5, 12) * DAY, now.getTime() - random.int(1, 72) * 3_600_000),
  )
  const arrivedAt = milestoneAt(plans[0], 'vessel_arrived')!
  const originalEta = new Date(arrivedAt.getTime() - random.int(-24, 96) * 3_600_000)
  const progress = Math.min(
    1,
    Math.max(0, (now.getTime() - departureAt.getTime()) / (arrivedAt.getTime() - departureAt.getTime())),
  )
  const currentEta =
    arrivedAt <= now
      ? arrivedAt
      : new Date(
          Math.round(
            (originalEta.getTime() + (arrivedAt.getTime() - originalEta.getTime()) * progress) / 3_600_000,
          ) * 3_600_000,
        )
  const lastEmptyIn = Math.max(...plans.map((p) => p.emptyInAt.getTime()))
  const stoppedAt = lastEmptyIn + DAY <= now.getTime() ? new Date(lastEmptyIn + DAY) : null
  const placeId = (code: string) => port(code).id

  for (const plan of plans) {
    const containerId = random.uuid()
    const serial = `${random.pick(owners)}${random.int(100000, 999999)}`
    const number = `${serial}${containerCheckDigit(serial)}`
    const at = (event: string) => {
      const time = milestoneAt(plan, event)
      return time && time <= now ? time : null
    }
    const discharged = at('vessel_discharged')
    const status = statusAt(plan, now)
    const deadlineKnown = discharged !== null
    rows.containers.push({
      id: containerId,
      account_id: accountId,
      shipment_id: shipmentId,
      pod_terminal_id: terminal.id,
      pickup_facility_id: terminal.id,
      number,
      seal_number: random.chance(0.8)
        ? `${random.pick(['SL', 'ML', 'EU', 'CN'])}${random.int(1000000, 9999999)}`
        : null,
      created_at: createdAt,
      ref_numbers: [],
      current_status: status,
      empty_out_at: at('empty_out'),
      pol_full_in_at: at('full_in'),
      pol_vessel_loaded_at: at('vessel_loaded'),
      pol_vessel_departed_at: at('vessel_departed'),
      pod_arrived_at: at('vessel_arrived'),
      pod_discharged_at: discharged,
      pod_full_out_at: inland ? null : at('full_out'),
      final_destination_full_out_at: at('full_out'),
      delivered_at: status === 'delivered' ? new Date(plan.fullOutAt.getTime() + DAY) : null,
      empty_terminated_at: at('empty_in'),
      terminal_checked_at: discharged ? new Date(now.getTime() - random.int(5, 180) * 60_000) : null,
      holds_at_pod_terminal: holdsAt(plan, now),
      fees_at_pod_terminal: feesAt(plan, now),
      available_for_pickup: status === 'available' || status === 'off_dock',
      availability_known: discharged !== null,
      equipment_type: random.chance(0.1) ? 'reefer' : 'dry',
      equipment_length: random.pick([20, 40, 40, 40, 45]),
      equipment_height: random.chance(0.6) ? 'high_cube' : 'standard',
      weight_in_lbs: random.int(9000, 52000),
      pickup_lfd: deadlineKnown ? plan.lfd : null,
      pickup_appointment_at:
        status === 'available' && random.chance(0.4)
          ? new Date(Math.ceil((now.getTime() + random.int(4, 60) * 3_600_000) / 3_600_000) * 3_600_000)
          : null,
      pod_full_out_chassis_number: at('full_out')
        ? `${random.pick(['DCLZ', 'TRAC', 'FLXZ'])}${random.int(100000, 999999)}`
        : null,
      location_at_pod_terminal:
        discharged && !at('full_out')
          ? `${random.pick(['A', 'B', 'C', 'D'])}${random.int(1, 60)}-${random.int(1, 12)}-${random.int(1, 5)}`
          : null,
      pod_last_tracking_request_at: new Date(now.getTime() - random.int(10, 300) * 60_000),
      shipment_last_tracking_request_at: new Date(now.getTime() - random.int(10, 300) * 60_000),
      pod_timezone: pod.time_zone,
      final_destination_timezone: (inland ?? pod).time_zone,
      empty_terminated_timezone: (inland ?? pod).time_zone,
      pod_rail_carrier_scac: inland ? railScac : null,
      ind_rail_carrier_scac: inland ? railScac : null,
      pod_rail_loaded_at: at('rail_loaded'),
      pod_rail_departed_at: at('rail_departed'),
      ind_eta_at: inland ? (milestoneAt(plan, 'rail_arrived') ?? null) : null,
      ind_ata_at: at('rail_arrived'),
      ind_rail_unloaded_at: at('rail_unloaded'),
      ind_facility_lfd_on: inland && at('rail_unloaded') ? localDate(plan.lfd, inland.time_zone) : null,
      import_deadlines: deadlineKnown
        ? {
            pickup_lfd_terminal: inland ? null : plan.lfd.toISOString(),
            pickup_lfd_rail: inland ? plan.lfd.toISOString() : null,
            pickup_lfd_line: plan.lineLfd?.toISOString() ?? null,
          }
        : null,
    })
    plan.milestones.forEach((milestone, index) => {
      const vesselId = milestone.leg === 'second' ? secondVessel.id : milestone.leg ? vessel.id : null
      const vesselRow = milestone.leg === 'second' ? secondVessel : milestone.leg ? vessel : null
      const actual = milestone.at <= now
      if (actual)
        rows.transportEvents.push({
          id: random.uuid(),
          account_id: accountId,
          shipment_id: shipmentId,
          container_id: containerId,
          event: `container.transport.${milestone.event}`,
          created_at: new Date(milestone.at.getTime() + random.int(5, 240) * 60_000),
          timestamp: milestone.at,
          voyage_number: vesselId ? voyageNumber : null,
          location_locode: milestone.locode,
          timezone: milestone.timezone,
          data_source: milestone.atTerminal ? 'terminal' : 'shipping_line',
          vessel_id: vesselId,
          location_id: placeId(milestone.locode),
          terminal_id: milestone.atTerminal && milestone.locode === pod.code ? terminal.id : null,
        })
      if (
        milestone.event === 'available' ||
        milestone.event === 'vessel_berthed' ||
        milestone.event === 'arrived_at_inland_destination'
      )
        return
      rows.rawEvents.push({
        id: random.uuid(),
        account_id: accountId,
        container_id: containerId,
        index,
        event: milestone.event,
        original_event: carrierWording(carrier.scac, milestone.event),
        timestamp: milestone.at,
        estimated: !actual,
        actual_on: actual ? localDate(milestone.at, milestone.timezone) : null,
        estimated_on: actual ? null : localDate(milestone.at, milestone.timezone),
        actual_at: actual ? milestone.at : null,
        estimated_at: actual ? null : milestone.at,
        timezone: milestone.timezone,
        created_at: actual ? milestone.at : createdAt,
        location_name: port(milestone.locode).name,
        location_locode: milestone.locode,
        vessel_name: vesselRow?.name ?? null,
        vessel_imo: vesselRow?.imo ?? null,
        voyage_number: vesselId ? voyageNumber : null,
        location_id: placeId(milestone.locode),
        vessel_id: vesselId,
      })
    })
  }

  const trackingRequestId = random.uuid()
  const refs = random.chance(0.7) ? [`PO-${random.int(10000, 99999)}`] : []
  const tags = random.chance(0.4) ? [random.pick(TAGS)] : []
  const numbers = [bol, ...refs, ...rows.containers.map((c) => c.number)].map((n) => n.toUpperCase())
  rows.shipment = {
    id: shipmentId,
    account_id: accountId,
    tracking_request_id: trackingRequestId,
    customer_id: customer.id,
    created_at: createdAt,
    updated_at: now,
    ref_numbers: refs,
    tags,
    search_numbers: numbers,
    bill_of_lading_number: bol,
    normalized_number: bol.toUpperCase(),
    shipping_line_scac: carrier.scac,
    shipping_line_name: carrier.name,
    shipping_line_short_name: carrier.short_name,
    customer_name: customer.company_name,
    port_of_lading_id: pol.id,
    port_of_lading_locode: pol.code,
    port_of_lading_name: pol.name,
    port_of_discharge_id: pod.id,
    port_of_discharge_locode: pod.code,
    port_of_discharge_name: pod.name,
    pod_terminal_id: terminal.id,
    transshipment_locode: transshipment?.code ?? null,
    destination_id: inland?.id ?? null,
    destination_locode: inland?.code ?? null,
    destination_name: inland?.name ?? null,
    destination_timezone: inland?.time_zone ?? null,
    destination_eta_at: inland ? (milestoneAt(plans[0], 'rail_arrived') ?? null) : null,
    destination_ata_at: inland
      ? (plans[0].milestones.find((m) => m.event === 'rail_arrived' && m.at <= now)?.at ?? null)
      : null,
    pod_vessel_id: transshipment ? secondVessel.id : vessel.id,
    pod_vessel_name: transshipment ? secondVessel.name : vessel.name,
    pod_vessel_imo: transshipment ? secondVessel.imo : vessel.imo,
    pod_voyage_number: voyageNumber,
    pol_etd_at: departureAt,
    pol_atd_at: departureAt <= now ? departureAt : null,
    pol_timezone: pol.time_zone,
    pod_timezone: pod.time_zone,
    pod_eta_at: currentEta,
    pod_original_eta_at: originalEta,
    pod_ata_at: arrivedAt <= now ? arrivedAt : null,
    line_tracking_last_attempted_at: stoppedAt ?? new Date(now.getTime() - random.int(5, 360) * 60_000),
    line_tracking_last_succeeded_at: stoppedAt ?? new Date(now.getTime() - random.int(5, 360) * 60_000),
    line_tracking_stopped_at: stoppedAt,
    line_tracking_stopped_reason: stoppedAt ? 'all_containers_terminated' : null,
    voyage: { lane, seaDays, knots },
  }
  rows.trackingRequest = {
    id: trackingRequestId,
    account_id: accountId,
    request_number: bol,
    request_type: 'bill_of_lading',
    scac: carrier.scac,
    ref_numbers: refs,
    shipment_tags: tags,
    status: stoppedAt ? 'tracking_stopped' : 'created',
    customer_id: customer.id,
    shipment_id: shipmentId,
    created_at: new Date(createdAt.getTime() - random.int(1, 30) * 60_000),
    updated_at: createdAt,
  }
  rows.hitTarget = hitTarget
  if (departureAt <= now && arrivedAt > now && !transshipment)
    rows.vesselAtSea = { vesselId: vessel.id, lane, fraction: progress }
  return rows
}
