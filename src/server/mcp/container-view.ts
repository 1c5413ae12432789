import { lfdZoneOf } from '../../contract/container-board'
import {
  containerStateOf,
  holdWords,
  type StateAttributes,
  stateWords,
  TONE_OF,
} from '../../contract/container-state'
import { localDay } from '../../contract/local-day'
import { freshnessOf, urgencyOf } from './freshness'
import { type Resource, related } from './json-api'

const dayOf = (at: string | null | undefined, zone: string) => {
  if (!at) return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(at)) return at
  const instant = new Date(at)
  return Number.isNaN(instant.getTime()) ? null : localDay(instant, zone)
}

function shipmentView(shipment: Resource | undefined) {
  if (!shipment) return null
  const s = shipment.attributes
  return {
    id: shipment.id,
    bill_of_lading: s.bill_of_lading_number ?? null,
    shipping_line: s.shipping_line_name ?? s.shipping_line_scac ?? null,
    scac: s.shipping_line_scac ?? null,
    customer: s.customer_name ?? null,
    port_of_lading: s.port_of_lading_name ?? null,
    port_of_discharge: s.port_of_discharge_name ?? null,
    destination: s.destination_name ?? null,
    vessel: s.pod_vessel_name ?? null,
    voyage: s.pod_voyage_number ?? null,
    /** Labelled: an estimate is never an event. */
    pod_arrival: s.pod_ata_at
      ? { at: s.pod_ata_at, actual: true }
      : s.pod_eta_at
        ? { at: s.pod_eta_at, actual: false, estimate: true }
        : null,
  }
}

/** One container in the contract's words, with how old its data is and whether urgency may be claimed. */
export function containerView(container: Resource, included: Resource[], now: Date) {
  const a = container.attributes as StateAttributes
  const shipment = related(container, 'shipment', included)
  const terminal = related(container, 'pod_terminal', included)
  const kind = containerStateOf(a, now)
  const words = stateWords(kind, a, {
    terminalName: terminal?.attributes.name ?? null,
    vesselName: shipment?.attributes.pod_vessel_name ?? null,
  })
  const freshness = freshnessOf(a, shipment?.attributes.line_tracking_last_succeeded_at, now)
  const urgency = urgencyOf(a, freshness, now)
  return {
    id: container.id,
    number: a.number ?? null,
    state: kind,
    state_label: words.label,
    headline: words.headline,
    tone: TONE_OF[kind],
    terminal: terminal?.attributes.name ?? null,
    location_at_terminal: a.location_at_pod_terminal ?? null,
    available_for_pickup: a.available_for_pickup ?? null,
    holds: (a.holds_at_pod_terminal ?? []).map(holdWords),
    fees: (a.fees_at_pod_terminal ?? []).map((fee) => ({
      type: fee.type,
      amount: fee.amount ?? null,
      currency: fee.currency_code ?? 'USD',
    })),
    last_free_day: a.pickup_lfd
      ? { day: dayOf(a.pickup_lfd, lfdZoneOf(a)), source: a.pickup_lfd_source ?? null }
      : null,
    pickup_appointment_at: a.pickup_appointment_at ?? null,
    picked_up_at: a.pod_full_out_at ?? a.final_destination_full_out_at ?? null,
    empty_returned_at: a.empty_terminated_at ?? null,
    empty_return_deadline: a.empty_return_deadline ?? null,
    shipment: shipmentView(shipment),
    freshness,
    urgency,
  }
}
export type ContainerView = ReturnType<typeof containerView>

/** A few lines a person reads: state first, then last free day, holds, estimates and how old the data is. */
export function containerText(view: ContainerView) {
  const lines = [`${view.number}: ${view.headline} [${view.state}]`]
  const s = view.shipment
  if (s)
    lines.push(
      `Shipment ${s.bill_of_lading ?? s.id} (${s.shipping_line ?? 'line unknown'}), ${s.port_of_lading ?? '?'} → ${s.port_of_discharge ?? '?'}${s.vessel ? `, vessel ${s.vessel}${s.voyage ? ` voyage ${s.voyage}` : ''}` : ''}`,
    )
  if (s?.pod_arrival)
    lines.push(
      s.pod_arrival.actual
        ? `Arrived at ${s.port_of_discharge ?? 'the port of discharge'} ${s.pod_arrival.at}`
        : `Estimated arrival (an estimate, not an event): ${s.pod_arrival.at}`,
    )
  if (view.last_free_day)
    lines.push(
      `Last free day ${view.last_free_day.day} (from the ${view.last_free_day.source ?? 'terminal'})`,
    )
  if (view.holds.length) lines.push(`Holds: ${view.holds.join(', ')}`)
  if (view.picked_up_at) lines.push(`Picked up ${view.picked_up_at}`)
  if (view.empty_returned_at) lines.push(`Empty returned ${view.empty_returned_at}`)
  lines.push(view.urgency.words)
  if (view.urgency.level !== 'held_back') lines.push(view.freshness.note)
  return lines.join('\n')
}
