import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import { serviceNow } from '../../api/service-clock'

export type TimelineEntry = {
  key: string
  label: string
  at: string | null | undefined
  zone?: string | null
  planned: boolean
  where?: string
  repeats?: { at: string | null | undefined; zone?: string | null }[]
}

/** An estimate, or any event dated after now: a pickup booked for tomorrow has not happened. */
export const drawnAsPlanned = (kind: string, at: string | null | undefined, now: Date) =>
  kind.includes('.estimated.') || (Boolean(at) && Date.parse(at!) > now.getTime())

/** A terminal or line repeats these as it revises a date: shown once, with a count. */
const FOLDED = new Set([
  'container.pickup_lfd.changed',
  'container.pickup_lfd_line.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
])

type Happened = TimelineEntry & { kind: string }

export function foldRepeats(entries: Happened[]): TimelineEntry[] {
  const latest = new Map<string, Happened>()
  const all = new Map<string, Happened[]>()
  for (const entry of entries) {
    if (!FOLDED.has(entry.kind)) continue
    all.set(entry.kind, [...(all.get(entry.kind) ?? []), entry])
    latest.set(entry.kind, entry)
  }
  return entries.flatMap(({ kind, ...entry }) => {
    if (!FOLDED.has(kind)) return [entry]
    if (latest.get(kind)?.key !== entry.key) return []
    const repeats = all.get(kind)!
    return [
      repeats.length > 1 ? { ...entry, repeats: repeats.map((r) => ({ at: r.at, zone: r.zone })) } : entry,
    ]
  })
}

export function plannedMilestones(container: Container, shipment: Shipment | undefined, now = serviceNow()) {
  const a = container.attributes
  const s = shipment?.attributes
  const done = Boolean(a.pod_full_out_at || a.final_destination_full_out_at || a.empty_terminated_at)
  const future = (at: string | null | undefined) =>
    Boolean(at) && Date.parse(at!) > now.getTime() - 86_400_000
  const planned: TimelineEntry[] = []
  const add = (
    key: string,
    label: string,
    at: string | null | undefined,
    zone: string | null | undefined,
    where?: string | null,
  ) => {
    if (future(at)) planned.push({ key, label, at, zone, planned: true, where: where ?? undefined })
  }
  if (s && !s.pol_atd_at && !a.pol_vessel_departed_at)
    add('etd', 'Vessel departs', s.pol_etd_at, s.pol_timezone, s.port_of_lading_name)
  if (s && !s.pod_ata_at && !a.pod_arrived_at)
    add(
      'eta',
      'Vessel arrives',
      s.pod_eta_at,
      s.pod_timezone,
      [s.port_of_discharge_name, s.pod_vessel_name].filter(Boolean).join(' · '),
    )
  if (!a.ind_ata_at && !done)
    add(
      'inland-eta',
      'Arrives at the rail ramp',
      a.ind_eta_at,
      a.final_destination_timezone,
      s?.destination_name,
    )
  // once its sources are kept, each appointment is an estimated event of the timeline itself
  if (!done && !a.appointments)
    add('appointment', 'Pickup appointment', a.pickup_appointment_at, a.pod_timezone)
  return planned.sort((x, y) => Date.parse(x.at!) - Date.parse(y.at!))
}

export function orderTimeline(happened: TimelineEntry[], planned: TimelineEntry[], newestFirst: boolean) {
  const line = [...happened, ...planned]
  return newestFirst ? line.reverse() : line
}
