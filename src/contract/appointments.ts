import { z } from 'zod/mini'
import { openEnum, timestamp } from './document'

export const APPOINTMENT_KINDS = ['pickup', 'delivery', 'empty_return'] as const
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number]

/** Ranked: a person's word wins, as it does for the last free day. */
export const APPOINTMENT_SOURCE_KINDS = ['person', 'trucker', 'document', 'terminal'] as const
export type AppointmentSourceKind = (typeof APPOINTMENT_SOURCE_KINDS)[number]

export const AppointmentSourceSchema = z.looseObject({
  kind: openEnum(APPOINTMENT_KINDS),
  source: openEnum(APPOINTMENT_SOURCE_KINDS),
  value: timestamp,
  by: z.nullish(z.string()),
  set_at: z.nullish(timestamp),
})
export type AppointmentSource = z.infer<typeof AppointmentSourceSchema>

/** The container's attribute each kind's counting appointment is shown in. */
export const APPOINTMENT_ATTRIBUTE = {
  pickup: 'pickup_appointment_at',
  delivery: 'delivery_appointment_at',
  empty_return: 'empty_return_appointment_at',
} as const satisfies Record<AppointmentKind, string>

export const APPOINTMENT_LABELS: Record<AppointmentKind, string> = {
  pickup: 'Pickup appointment',
  delivery: 'Delivery appointment',
  empty_return: 'Empty return appointment',
}

/** The estimate on the timeline until the actual event (full out, delivered, empty in) supersedes it. */
export const APPOINTMENT_EVENTS = {
  pickup: 'container.transport.estimated.full_out',
  delivery: 'container.transport.estimated.delivered',
  empty_return: 'container.transport.estimated.empty_in',
} as const satisfies Record<AppointmentKind, string>

const rank = (source: AppointmentSource) =>
  APPOINTMENT_SOURCE_KINDS.indexOf(source.source as AppointmentSourceKind) >>> 0

/** Per kind, the best-ranked source; the newest among equals. */
export function countingAppointments(sources: readonly AppointmentSource[]) {
  const counting: Partial<Record<AppointmentKind, AppointmentSource>> = {}
  for (const source of sources) {
    const kind = source.kind as AppointmentKind
    if (!APPOINTMENT_KINDS.includes(kind)) continue
    const held = counting[kind]
    const better =
      !held ||
      rank(source) < rank(held) ||
      (rank(source) === rank(held) && (source.set_at ?? '') > (held.set_at ?? ''))
    if (better) counting[kind] = source
  }
  return counting
}
