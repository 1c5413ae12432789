import { appointmentColumns } from '../storage/appointment-columns'
import type { Container } from '../storage/container-store'
import { confirmedColumns } from '../storage/handoff-columns'
import { lfdColumns } from '../storage/lfd-columns'
import type { Stores } from '../storage/storage'
import type { TrackedShipment as Shipment } from '../storage/tracking-store'
import { type Announcement, notify } from '../webhooks/notify'
import { materialize, type Owner } from './materialize'
import { stableUuid } from './stable-id'

/** Changes worth a `container.updated`; the rest is bookkeeping. */
const WATCHED = [
  'current_status',
  'available_for_pickup',
  'holds_at_pod_terminal',
  'fees_at_pod_terminal',
  'pickup_lfd',
  'pickup_appointment_at',
  'location_at_pod_terminal',
] as const
/** What moves an appointment's estimate on the timeline, or lets the actual event supersede it. */
const APPOINTMENT_FACTS = [
  'appointments',
  'pod_full_out_at',
  'final_destination_full_out_at',
  'delivered_at',
  'empty_terminated_at',
]
/** Owned by people after creation, never by the engine. */
const NOT_TRACKED = new Set(['id', 'account_id', 'shipment_id', 'created_at', 'ref_numbers'])

/** jsonb hands back keys in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null))
const same = (a: unknown, b: unknown) => canonical(comparable(a)) === canonical(comparable(b))

const ownerOf = (shipment: Shipment): Owner => ({
  accountId: shipment.account_id,
  trackingRequestId: shipment.tracking_request_id ?? '',
  customer: shipment.customer_id ? { id: shipment.customer_id, name: shipment.customer_name ?? '' } : null,
  refNumbers: shipment.ref_numbers,
  tags: shipment.tags,
})

export async function advanceShipment(stores: Stores, shipment: Shipment, now: Date, newId: () => string) {
  const plan = shipment.voyage
  if (!plan) {
    await stores.tracking.updateShipment(shipment.id, { next_update_at: null })
    return 0
  }
  const world = materialize(plan, ownerOf(shipment), now)
  const stored = new Map(
    (await stores.tracking.containersOfShipment(shipment.id)).map((c): [string, Container] => [c.id, c]),
  )
  const updates: Parameters<Stores['tracking']['insertNewChangeEvents']>[0] = []
  for (const [index, desired] of world.containers.entries()) {
    const current = stored.get(desired.id as string)
    if (!current) continue
    // what documents and people said of the last free day is kept and weighed with the engine's
    Object.assign(desired, lfdColumns({ ...desired, lfd_sources: current.lfd_sources }))
    // likewise a trucker's confirmations and people's appointments; the engine's pickup appointment is the terminal's
    Object.assign(desired, confirmedColumns(desired, current.handoff_confirmations))
    Object.assign(desired, appointmentColumns(current.appointments, desired.pickup_appointment_at, desired))
    const changes = Object.fromEntries(
      Object.entries(desired).filter(
        ([key, value]) => !NOT_TRACKED.has(key) && !same(current[key as keyof Container], value),
      ),
    )
    if (Object.keys(changes).length === 0) continue
    await stores.tracking.updateContainer(current.id, { ...changes, updated_at: now })
    if (APPOINTMENT_FACTS.some((key) => key in changes))
      await stores.containers.syncAppointmentEvents({ ...current, ...changes } as Container)
    const changeset = Object.fromEntries(
      WATCHED.filter((key) => key in changes).map((key) => [
        key,
        [comparable(current[key]), comparable(desired[key])],
      ]),
    )
    if (Object.keys(changeset).length > 0)
      updates.push({
        id: stableUuid(plan.seed, 'container_updated', index, now.getTime()),
        account_id: shipment.account_id,
        type: 'container_updated_event',
        event: 'container.updated',
        shipment_id: shipment.id,
        container_id: current.id,
        terminal_id: desired.pod_terminal_id ?? null,
        created_at: now,
        attributes: {
          changeset,
          timestamp: now.toISOString(),
          data_source: 'terminal',
          timezone: desired.pod_timezone,
        },
      })
  }
  const newEvents = await stores.tracking.insertNewTransportEvents(world.transportEvents)
  const newChanges = await stores.tracking.insertNewChangeEvents([...world.changeEvents, ...updates])
  await stores.tracking.upsertRawEvents(world.rawEvents)
  await stores.tracking.updateShipment(shipment.id, { ...world.tracking, updated_at: now })

  const announcements: Announcement[] = [
    ...[...newEvents]
      .sort((a, b) => (a.timestamp?.getTime() ?? 0) - (b.timestamp?.getTime() ?? 0))
      .map((e) => ({ event: e.event, reference: { type: 'transport_event', id: e.id } })),
    ...newChanges.map((e) => ({ event: e.event, reference: { type: e.type, id: e.id } })),
  ]
  if (world.tracking.line_tracking_stopped_at && shipment.tracking_request_id) {
    await stores.tracking.updateTrackingRequest(shipment.tracking_request_id, {
      status: 'tracking_stopped',
      updated_at: now,
    })
    announcements.push({
      event: 'tracking_request.tracking_stopped',
      reference: { type: 'tracking_request', id: shipment.tracking_request_id },
    })
  }
  return notify(stores, shipment.account_id, now, announcements, newId)
}
