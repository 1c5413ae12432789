import { lfdColumns } from '../storage/lfd-columns'
import type {
  changeEvents,
  containers,
  rawEvents,
  SailingLeg,
  shipments,
  transportEvents,
} from '../storage/schema'
import { carrierWording } from './carrier-wording'
import { containerChangeTimes, feesAt, holdsAt, statusAt } from './container-state'
import { stableUuid } from './stable-id'
import { etaRange } from './vessel-positions'
import {
  type ContainerPlan,
  milestoneAt,
  type PlanPlace,
  placeOf,
  revisedValue,
  type ShipmentPlan,
} from './voyage-plan'
import { localDate } from './zoned-time'

const DAY = 86_400_000
/** The terminal or the engine infers them. */
const NOT_IN_CARRIER_FEED = new Set(['available', 'vessel_berthed', 'arrived_at_inland_destination'])

export type Owner = {
  accountId: string
  trackingRequestId: string
  customer: { id: string; name: string } | null
  refNumbers: string[]
  tags: string[]
}

type ContainerRow = typeof containers.$inferInsert
type TransportEventRow = typeof transportEvents.$inferInsert
type RawEventRow = typeof rawEvents.$inferInsert
type ChangeEventRow = typeof changeEvents.$inferInsert

const date = (ms: number | undefined | null) => (ms === undefined || ms === null ? null : new Date(ms))
/** Looks random but is the same on every materialization of the same fact. */
const reportDelayMs = (id: string) => (Number.parseInt(id.slice(0, 6), 16) % 235) * 60_000 + 5 * 60_000

function terminalAt(plan: ShipmentPlan, now: number) {
  return plan.terminalChange && plan.terminalChange.at <= now
    ? plan.terminalChange.terminalId
    : plan.podTerminalId
}

function containerRow(plan: ShipmentPlan, container: ContainerPlan, owner: Owner, now: number): ContainerRow {
  const at = (event: string) => {
    const time = milestoneAt(container, event)
    return time !== undefined && time <= now ? new Date(time) : null
  }
  const discharged = at('vessel_discharged')
  const status = statusAt(container, now)
  const inland = plan.inland
  const lfd = revisedValue(container.lfd, now)
  const lineLfd = revisedValue(container.lineLfd, now)
  const terminalId = terminalAt(plan, now)
  const fullOut = at('full_out')
  const row = {
    id: container.id,
    account_id: owner.accountId,
    shipment_id: plan.shipmentId,
    pod_terminal_id: terminalId,
    pickup_facility_id: terminalId,
    number: container.number,
    seal_number: container.seal,
    created_at: new Date(plan.createdAt),
    ref_numbers: [],
    current_status: status,
    empty_out_at: at('empty_out'),
    pol_full_in_at: at('full_in'),
    pol_vessel_loaded_at: at('vessel_loaded'),
    pol_vessel_departed_at: at('vessel_departed'),
    pod_arrived_at: at('vessel_arrived'),
    pod_discharged_at: discharged,
    pod_full_out_at: inland ? null : fullOut,
    final_destination_full_out_at: fullOut,
    delivered_at: status === 'delivered' ? new Date(container.fullOutAt + DAY) : null,
    empty_terminated_at: at('empty_in'),
    terminal_checked_at: discharged ? new Date(now) : null,
    holds_at_pod_terminal: holdsAt(container, now),
    fees_at_pod_terminal: feesAt(container, now),
    available_for_pickup: status === 'available' || status === 'off_dock',
    availability_known: discharged !== null,
    equipment_type: container.equipment.type,
    equipment_length: container.equipment.length,
    equipment_height: container.equipment.height,
    weight_in_lbs: container.weightLbs,
    pickup_appointment_at:
      container.appointment && container.appointment.at <= now ? new Date(container.appointment.value) : null,
    pod_full_out_chassis_number: fullOut ? container.chassis : null,
    location_at_pod_terminal: discharged && !fullOut && !inland ? container.yardSlot : null,
    pod_last_tracking_request_at: new Date(now),
    shipment_last_tracking_request_at: new Date(now),
    pod_timezone: plan.pod.tz,
    final_destination_timezone: (inland ?? plan.pod).tz,
    empty_terminated_timezone: (inland ?? plan.pod).tz,
    pod_rail_carrier_scac: plan.railScac,
    ind_rail_carrier_scac: plan.railScac,
    pod_rail_loaded_at: at('rail_loaded'),
    pod_rail_departed_at: at('rail_departed'),
    ind_eta_at: date(revisedValue(container.inlandEta, now)),
    ind_ata_at: at('rail_arrived'),
    ind_rail_unloaded_at: at('rail_unloaded'),
    ind_facility_lfd_on:
      inland && lfd !== undefined && at('rail_unloaded') ? localDate(new Date(lfd), inland.tz) : null,
    import_deadlines:
      lfd === undefined
        ? null
        : {
            pickup_lfd_terminal: inland ? null : new Date(lfd).toISOString(),
            pickup_lfd_rail: inland ? new Date(lfd).toISOString() : null,
            pickup_lfd_line: lineLfd === undefined ? null : new Date(lineLfd).toISOString(),
          },
  }
  return { ...row, ...lfdColumns(row) }
}

function transportEventRows(
  plan: ShipmentPlan,
  container: ContainerPlan,
  index: number,
  owner: Owner,
  now: number,
) {
  const rows: TransportEventRow[] = []
  const add = (
    kind: string,
    key: string,
    happenedAt: number,
    reportedAt: number,
    place: PlanPlace,
    extra: Partial<TransportEventRow> = {},
  ) => {
    const id = stableUuid(plan.seed, 'transport_event', index, key)
    rows.push({
      id,
      account_id: owner.accountId,
      shipment_id: plan.shipmentId,
      container_id: container.id,
      event: kind,
      created_at: new Date(Math.min(reportedAt + reportDelayMs(id), Math.max(now, reportedAt))),
      timestamp: new Date(happenedAt),
      location_locode: place.code,
      timezone: place.tz,
      location_id: place.id,
      data_source: 'shipping_line',
      ...extra,
    })
  }
  for (const milestone of container.milestones) {
    if (milestone.at > now) continue
    const leg = milestone.leg === undefined ? undefined : plan.legs[milestone.leg]
    add(
      `container.transport.${milestone.event}`,
      milestone.event,
      milestone.at,
      milestone.at,
      placeOf(plan, milestone.place),
      {
        voyage_number: leg ? (leg.voyageNumber ?? plan.voyageNumber) : null,
        vessel_id: leg?.vessel.id ?? null,
        data_source: milestone.atTerminal ? 'terminal' : 'shipping_line',
        terminal_id:
          milestone.atTerminal && milestone.place === 'pod' ? terminalAt(plan, milestone.at) : null,
      },
    )
  }
  const lfdPlace = plan.inland ?? plan.pod
  const revisions: [string, string, ContainerPlan['lfd']][] = [
    ['container.pickup_lfd.changed', 'lfd', container.lfd],
    ['container.pickup_lfd_line.changed', 'line_lfd', container.lineLfd],
    ['container.transport.estimated.arrived_at_inland_destination', 'inland_eta', container.inlandEta],
    [
      'container.pickup_appointment.changed',
      'appointment',
      container.appointment ? [container.appointment] : [],
    ],
  ]
  for (const [kind, key, list] of revisions)
    list.forEach((revision, n) => {
      if (revision.at > now) return
      const timestamp = kind.includes('.estimated.') || key === 'appointment' ? revision.value : revision.at
      add(kind, `${key}:${n}`, timestamp, revision.at, lfdPlace, {
        data_source: key === 'line_lfd' || key === 'inland_eta' ? 'shipping_line' : 'terminal',
        terminal_id: plan.inland ? null : terminalAt(plan, revision.at),
      })
    })
  return rows
}

function rawEventRows(
  plan: ShipmentPlan,
  container: ContainerPlan,
  index: number,
  owner: Owner,
  now: number,
) {
  // the carrier's feed leaves some milestones out; its events are numbered 0..n-1 all the same
  const reported = container.milestones
    .map((milestone, position) => ({ milestone, position }))
    .filter(({ milestone }) => !NOT_IN_CARRIER_FEED.has(milestone.event))
  return reported.map(({ milestone, position }, sequence): RawEventRow => {
    const actual = milestone.at <= now
    const leg = milestone.leg === undefined ? undefined : plan.legs[milestone.leg]
    const place = placeOf(plan, milestone.place)
    const day = localDate(new Date(milestone.at), place.tz)
    return {
      id: stableUuid(plan.seed, 'raw_event', index, position),
      account_id: owner.accountId,
      container_id: container.id,
      index: sequence,
      event: milestone.event,
      original_event: carrierWording(plan.carrier.scac, milestone.event),
      timestamp: new Date(milestone.at),
      estimated: !actual,
      actual_on: actual ? day : null,
      estimated_on: actual ? null : day,
      actual_at: actual ? new Date(milestone.at) : null,
      estimated_at: actual ? null : new Date(milestone.at),
      timezone: place.tz,
      created_at: new Date(actual ? milestone.at : plan.createdAt),
      location_name: place.name,
      location_locode: place.code,
      vessel_name: leg?.vessel.name ?? null,
      vessel_imo: leg?.vessel.imo ?? null,
      voyage_number: leg ? (leg.voyageNumber ?? plan.voyageNumber) : null,
      data_source: 'shipping_line',
      data_provider_name: plan.carrier.shortName ?? plan.carrier.name,
      data_provider_code: plan.carrier.scac,
      location_id: place.id,
      vessel_id: leg?.vessel.id ?? null,
    }
  })
}

function changeEventRows(plan: ShipmentPlan, owner: Owner, now: number): ChangeEventRow[] {
  const rows: ChangeEventRow[] = []
  const lastLeg = plan.legs.at(-1)!
  plan.eta.forEach((revision, n) => {
    if (revision.at > now || n === 0) return
    rows.push({
      id: stableUuid(plan.seed, 'estimated_event', n),
      account_id: owner.accountId,
      type: 'estimated_event',
      event: 'shipment.estimated.arrival',
      shipment_id: plan.shipmentId,
      created_at: new Date(revision.at),
      attributes: {
        estimated_timestamp: new Date(revision.value).toISOString(),
        voyage_number: plan.voyageNumber,
        event: 'shipment.estimated.arrival',
        location_locode: plan.pod.code,
        data_source: 'shipping_line',
        timezone: plan.pod.tz,
      },
      port_id: plan.pod.id,
      vessel_id: lastLeg.vessel.id,
    })
  })
  const change = plan.terminalChange
  if (change && change.at <= now)
    for (const [index, container] of plan.containers.entries())
      rows.push({
        id: stableUuid(plan.seed, 'terminal_changed', index),
        account_id: owner.accountId,
        type: 'container_pod_terminal_changed_event',
        event: 'container.pod_terminal_changed',
        shipment_id: plan.shipmentId,
        container_id: container.id,
        terminal_id: change.terminalId,
        created_at: new Date(change.at),
        attributes: { timestamp: new Date(change.at).toISOString(), data_source: 'shipping_line' },
      })
  return rows
}

function sailing(plan: ShipmentPlan, now: number) {
  const index = plan.legs.findIndex((leg) => leg.departAt <= now && now < leg.arriveAt)
  const leg = plan.legs[index]
  if (!leg) return { sailing_vessel_id: null, sailing_leg: null }
  const toPod = index === plan.legs.length - 1
  const sailingLeg: SailingLeg = {
    vessel: leg.vessel,
    voyageNumber: leg.voyageNumber ?? plan.voyageNumber,
    from: leg.from,
    to: leg.to,
    departAt: leg.departAt,
    arriveAt: leg.arriveAt,
    ...(leg.calls ? { calls: leg.calls } : {}),
    toPod,
    eta: toPod ? etaRange(plan, now) : { earliest: leg.arriveAt, likely: leg.arriveAt, latest: leg.arriveAt },
  }
  return { sailing_vessel_id: leg.vessel.id, sailing_leg: sailingLeg }
}

function shipmentTracking(plan: ShipmentPlan, now: number) {
  const departure = plan.legs[0].departAt
  const lastLeg = plan.legs.at(-1)!
  const arrived = lastLeg.arriveAt <= now
  const railArrivals = plan.containers
    .map((c) => milestoneAt(c, 'rail_arrived'))
    .filter((t) => t !== undefined)
  const lastEmptyIn = Math.max(...plan.containers.map((c) => c.emptyInAt))
  const stoppedAt = lastEmptyIn + DAY <= now ? lastEmptyIn + DAY : null
  const firstInlandEta = revisedValue(plan.containers[0].inlandEta, now)
  return {
    pod_terminal_id: terminalAt(plan, now),
    ...sailing(plan, now),
    pod_vessel_id: lastLeg.vessel.id,
    pod_vessel_name: lastLeg.vessel.name,
    pod_vessel_imo: lastLeg.vessel.imo,
    pod_voyage_number: plan.voyageNumber,
    pol_etd_at: new Date(departure),
    pol_atd_at: departure <= now ? new Date(departure) : null,
    pod_eta_at: arrived ? new Date(lastLeg.arriveAt) : date(revisedValue(plan.eta, now) ?? plan.eta[0].value),
    pod_original_eta_at: new Date(plan.eta[0].value),
    pod_ata_at: arrived ? new Date(lastLeg.arriveAt) : null,
    destination_eta_at: plan.inland ? date(firstInlandEta ?? railArrivals[0]) : null,
    destination_ata_at: plan.inland ? date(railArrivals.find((t) => t <= now)) : null,
    line_tracking_last_attempted_at: new Date(stoppedAt ?? now),
    line_tracking_last_succeeded_at: new Date(stoppedAt ?? now),
    line_tracking_stopped_at: date(stoppedAt),
    line_tracking_stopped_reason: stoppedAt ? 'all_containers_terminated' : null,
    next_update_at: stoppedAt ? null : date(nextChangeAt(plan, now)),
  }
}

function nextChangeAt(plan: ShipmentPlan, now: number) {
  const lastEmptyIn = Math.max(...plan.containers.map((c) => c.emptyInAt))
  const times = [
    ...plan.containers.flatMap((c) => containerChangeTimes(c, now)),
    ...plan.eta.map((r) => r.at),
    ...plan.legs.flatMap((leg) => [leg.departAt, leg.arriveAt]),
    plan.terminalChange?.at ?? 0,
    lastEmptyIn + DAY,
  ].filter((t) => t > now)
  return times.length > 0 ? Math.min(...times) : null
}

/** The pure read the engine diffs against what is stored. */
export function materialize(plan: ShipmentPlan, owner: Owner, at: Date) {
  const now = at.getTime()
  const tracking = shipmentTracking(plan, now)
  const numbers = [plan.billOfLading, ...owner.refNumbers, ...plan.containers.map((c) => c.number)]
  const shipment = {
    id: plan.shipmentId,
    account_id: owner.accountId,
    tracking_request_id: owner.trackingRequestId,
    customer_id: owner.customer?.id ?? null,
    customer_name: owner.customer?.name ?? null,
    created_at: new Date(plan.createdAt),
    updated_at: at,
    ref_numbers: owner.refNumbers,
    tags: owner.tags,
    search_numbers: [...new Set(numbers.map((n) => n.trim().toUpperCase()))],
    bill_of_lading_number: plan.billOfLading,
    normalized_number: plan.billOfLading.toUpperCase(),
    shipping_line_scac: plan.carrier.scac,
    shipping_line_name: plan.carrier.name,
    shipping_line_short_name: plan.carrier.shortName,
    port_of_lading_id: plan.pol.id,
    port_of_lading_locode: plan.pol.code,
    port_of_lading_name: plan.pol.name,
    port_of_discharge_id: plan.pod.id,
    port_of_discharge_locode: plan.pod.code,
    port_of_discharge_name: plan.pod.name,
    transshipment_locode: plan.transshipment?.code ?? null,
    transshipment_name: plan.transshipment?.name ?? null,
    destination_id: plan.inland?.id ?? null,
    destination_locode: plan.inland?.code ?? null,
    destination_name: plan.inland?.name ?? null,
    destination_timezone: plan.inland?.tz ?? null,
    pol_timezone: plan.pol.tz,
    pod_timezone: plan.pod.tz,
    voyage: plan,
    ...tracking,
  } satisfies typeof shipments.$inferInsert
  return {
    shipment,
    tracking,
    containers: plan.containers.map((c) => containerRow(plan, c, owner, now)),
    transportEvents: plan.containers.flatMap((c, i) => transportEventRows(plan, c, i, owner, now)),
    rawEvents: plan.containers.flatMap((c, i) => rawEventRows(plan, c, i, owner, now)),
    changeEvents: changeEventRows(plan, owner, now),
  }
}
