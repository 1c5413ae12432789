import {
  APPOINTMENT_ATTRIBUTE,
  APPOINTMENT_KINDS,
  type AppointmentKind,
  type AppointmentSource,
  countingAppointments,
} from '../../contract/appointments'

type Facts = {
  pickup_appointment_at?: Date | null
  pod_full_out_at?: Date | null
  final_destination_full_out_at?: Date | null
  delivered_at?: Date | null
  empty_terminated_at?: Date | null
}

/** Whether the thing the appointment was for has happened: then it is no longer due. */
export const happenedAt = (kind: AppointmentKind, row: Facts) =>
  kind === 'pickup'
    ? (row.final_destination_full_out_at ?? row.pod_full_out_at ?? row.empty_terminated_at ?? null)
    : kind === 'delivery'
      ? (row.delivered_at ?? row.empty_terminated_at ?? null)
      : (row.empty_terminated_at ?? null)

/**
 * The appointment columns from every source: people's, truckers' and documents' as kept, and the terminal's
 * pickup appointment as the engine (or the row) has it now.
 */
export function appointmentColumns(
  kept: readonly AppointmentSource[] | null | undefined,
  terminalPickup: Date | null | undefined,
  facts: Facts,
) {
  const given = (kept ?? []).filter((s) => s.source !== 'terminal')
  const terminal: AppointmentSource[] = terminalPickup
    ? [{ kind: 'pickup', source: 'terminal', value: terminalPickup.toISOString() }]
    : []
  const sources = [...given, ...terminal]
  const counting = countingAppointments(sources)
  const at = (kind: AppointmentKind) => (counting[kind] ? new Date(counting[kind].value) : null)
  const next = APPOINTMENT_KINDS.filter((kind) => at(kind) && !happenedAt(kind, facts))
    .map((kind) => ({ kind, at: at(kind)! }))
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0]
  return {
    appointments: sources.length > 0 ? sources : null,
    [APPOINTMENT_ATTRIBUTE.pickup]: at('pickup'),
    [APPOINTMENT_ATTRIBUTE.delivery]: at('delivery'),
    [APPOINTMENT_ATTRIBUTE.empty_return]: at('empty_return'),
    next_appointment_at: next?.at ?? null,
    next_appointment_kind: next?.kind ?? null,
  } as {
    appointments: AppointmentSource[] | null
    pickup_appointment_at: Date | null
    delivery_appointment_at: Date | null
    empty_return_appointment_at: Date | null
    next_appointment_at: Date | null
    next_appointment_kind: AppointmentKind | null
  }
}

/** The terminal's own pickup appointment as kept among the sources. */
export const terminalPickupOf = (kept: readonly AppointmentSource[] | null | undefined) => {
  const terminal = (kept ?? []).find((s) => s.kind === 'pickup' && s.source === 'terminal')
  return terminal ? new Date(terminal.value) : null
}
