import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  APPOINTMENT_EVENTS,
  APPOINTMENT_KINDS,
  type AppointmentKind,
  countingAppointments,
} from '../../contract/appointments'
import { happenedAt } from './appointment-columns'
import type { Executor } from './database'
import { type containers, transportEvents } from './schema'

type Container = typeof containers.$inferSelect

/** One row per container and purpose, so a moved appointment moves its estimate rather than adding one. */
function eventUuid(...parts: string[]) {
  const hex = createHash('sha1').update(parts.join('\u001f')).digest('hex').slice(0, 32).split('')
  hex[12] = '5'
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

const zoneOf = (kind: AppointmentKind, row: Container) =>
  kind === 'pickup'
    ? row.pod_timezone
    : kind === 'delivery'
      ? (row.final_destination_timezone ?? row.pod_timezone)
      : (row.empty_terminated_timezone ?? row.pod_timezone)

/**
 * Each counting appointment is an estimated transport event until what it was for happens; then the actual
 * event (full out, delivered, empty in) supersedes it and the estimate leaves the timeline.
 */
export async function syncAppointmentEvents(db: Executor, row: Container, now: Date) {
  const counting = countingAppointments(row.appointments ?? [])
  const stale: string[] = []
  for (const kind of APPOINTMENT_KINDS) {
    const id = eventUuid(row.id, 'appointment', kind)
    const source = counting[kind]
    if (!source || happenedAt(kind, row)) {
      stale.push(id)
      continue
    }
    await db
      .insert(transportEvents)
      .values({
        id,
        account_id: row.account_id,
        shipment_id: row.shipment_id,
        container_id: row.id,
        event: APPOINTMENT_EVENTS[kind],
        created_at: now,
        timestamp: new Date(source.value),
        timezone: zoneOf(kind, row),
        data_source: source.source,
        terminal_id: kind === 'pickup' ? row.pod_terminal_id : null,
      })
      .onConflictDoUpdate({
        target: transportEvents.id,
        set: { timestamp: sql`excluded.timestamp`, data_source: sql`excluded.data_source` },
      })
  }
  await db
    .delete(transportEvents)
    .where(and(eq(transportEvents.container_id, row.id), inArray(transportEvents.id, stale)))
}

/** A trucker's confirmation, once: a repeat finds the event already there and returns nothing. */
export async function insertTruckerEvent(
  db: Executor,
  row: Container,
  event: 'container.transport.full_out' | 'container.transport.empty_in',
  at: Date,
) {
  const [made] = await db
    .insert(transportEvents)
    .values({
      id: eventUuid(row.id, 'trucker', event),
      account_id: row.account_id,
      shipment_id: row.shipment_id,
      container_id: row.id,
      event,
      created_at: at,
      timestamp: at,
      timezone: event === 'container.transport.full_out' ? row.pod_timezone : row.empty_terminated_timezone,
      data_source: 'trucker',
      terminal_id: event === 'container.transport.full_out' ? row.pod_terminal_id : null,
    })
    .onConflictDoNothing()
    .returning()
  return made
}
