import { and, eq } from 'drizzle-orm'
import type { AppointmentKind, AppointmentSource } from '../../contract/appointments'
import { appointmentColumns, terminalPickupOf } from './appointment-columns'
import { insertTruckerEvent, syncAppointmentEvents } from './appointment-events'
import type { Executor } from './database'
import { confirmedColumns } from './handoff-columns'
import { containers, type HandoffConfirmations } from './schema'

type Container = typeof containers.$inferSelect
export type AppointmentChange = { kind: AppointmentKind; value: string | null }
export type HandoffStep = 'pickup' | 'empty_return'

/** Before the sources were kept, the row's pickup appointment was the terminal's. */
const terminalPickup = (row: Container) =>
  row.appointments ? terminalPickupOf(row.appointments) : row.pickup_appointment_at

async function write(db: Executor, row: Container, changes: Partial<Container>, now: Date) {
  const [updated] = await db
    .update(containers)
    .set({ ...changes, updated_at: now })
    .where(and(eq(containers.account_id, row.account_id), eq(containers.id, row.id)))
    .returning()
  await syncAppointmentEvents(db, updated, now)
  return updated
}

export const appointmentWrites = (db: Executor, now: () => Date) => ({
  /** A person's appointments replace their own earlier ones of the same kind; null takes one back. */
  setAppointments(row: Container, changes: AppointmentChange[], by: string) {
    const at = now()
    const kinds = new Set(changes.map((c) => c.kind))
    const kept = (row.appointments ?? []).filter(
      (s) => !(s.source === 'person' && kinds.has(s.kind as never)),
    )
    const given: AppointmentSource[] = changes.flatMap((c) =>
      c.value === null
        ? []
        : [
            {
              kind: c.kind,
              source: 'person',
              value: new Date(c.value).toISOString(),
              by,
              set_at: at.toISOString(),
            },
          ],
    )
    return write(db, row, appointmentColumns([...kept, ...given], terminalPickup(row), row), at)
  },

  syncAppointmentEvents: (row: Container) => syncAppointmentEvents(db, row, now()),

  setTrucker: (row: Container, partyId: string | null) =>
    write(db, row, { trucker_party_id: partyId }, now()),

  /** Once per container and step; `undefined` when it was confirmed before. */
  async confirmHandoff(row: Container, step: HandoffStep, by: string) {
    const at = now()
    const event = step === 'pickup' ? 'container.transport.full_out' : 'container.transport.empty_in'
    const made = await insertTruckerEvent(db, row, event, at)
    if (!made) return undefined
    const confirmations: HandoffConfirmations = {
      ...row.handoff_confirmations,
      [step]: { at: at.toISOString(), by },
    }
    const facts = { ...row, ...confirmedColumns(row, confirmations) }
    return write(
      db,
      row,
      {
        ...confirmedColumns(row, confirmations),
        handoff_confirmations: confirmations,
        ...appointmentColumns(row.appointments, terminalPickup(row), facts),
      },
      at,
    )
  },
})
