import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import {
  APPOINTMENT_ATTRIBUTE,
  APPOINTMENT_KINDS,
  APPOINTMENT_LABELS,
  type AppointmentKind,
  countingAppointments,
} from '../../../contract/appointments'
import type { Container } from '../../../contract/containers'
import { referenceQueries } from '../../api/reference-queries'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { CopyValue } from '../../components/form/copy-value'
import { instantFromLocal, localFromInstant } from '../../components/time/zoned-input'
import { useContainerPatch, useSendHandoff } from './appointment-api'

const SOURCE_WORDS: Record<string, string> = {
  person: 'set by',
  trucker: 'confirmed by',
  document: 'read from a document',
  terminal: 'from the terminal',
}

function sourceLine(container: Container, kind: AppointmentKind) {
  const source = countingAppointments(container.attributes.appointments ?? [])[kind]
  if (!source) return 'No appointment'
  return `${SOURCE_WORDS[source.source] ?? source.source}${source.by ? ` ${source.by}` : ''}`
}

type Patch = ReturnType<typeof useContainerPatch>

/** Kept above the forms, which start afresh from each saved container. */
const SavedStatus = ({ patch, what }: { patch: Patch; what: string }) => (
  <p role="status" className="small">
    {patch.isSuccess
      ? `${what} saved.`
      : patch.isError
        ? `The ${what.toLowerCase()} could not be saved.`
        : ''}
  </p>
)

function AppointmentsForm({
  container,
  zone,
  canWrite,
  patch,
}: {
  container: Container
  zone: string
  canWrite: boolean
  patch: Patch
}) {
  const a = container.attributes
  const initial = Object.fromEntries(
    APPOINTMENT_KINDS.map((kind) => [kind, localFromInstant(a[APPOINTMENT_ATTRIBUTE[kind]], zone)]),
  ) as Record<AppointmentKind, string>
  const [draft, setDraft] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const attributes = Object.fromEntries(
      APPOINTMENT_KINDS.filter((kind) => draft[kind] !== initial[kind]).map((kind) => [
        APPOINTMENT_ATTRIBUTE[kind],
        draft[kind] ? (instantFromLocal(draft[kind], zone) ?? null) : null,
      ]),
    )
    patch.mutate({ attributes })
  }
  return (
    <form onSubmit={submit} aria-label="Appointments">
      {APPOINTMENT_KINDS.map((kind) => (
        <div className="field" key={kind}>
          <label htmlFor={`appointment-${kind}`}>
            {APPOINTMENT_LABELS[kind]} ({zone})
          </label>
          <input
            id={`appointment-${kind}`}
            type="datetime-local"
            value={draft[kind]}
            disabled={!canWrite}
            aria-describedby={`appointment-${kind}-source`}
            onChange={(e) => setDraft({ ...draft, [kind]: e.target.value })}
          />
          <p id={`appointment-${kind}-source`} className="small muted">
            {sourceLine(container, kind)}
          </p>
        </div>
      ))}
      <button type="submit" disabled={!canWrite || patch.isPending}>
        Save appointments
      </button>
    </form>
  )
}

function TruckerForm({ truckerId, canWrite, patch }: { truckerId: string; canWrite: boolean; patch: Patch }) {
  const parties = useQuery(referenceQueries.customers())
  const [chosen, setChosen] = useState(truckerId)
  return (
    <form
      aria-label="Set the trucker"
      onSubmit={(event) => {
        event.preventDefault()
        patch.mutate({ trucker: chosen || null })
      }}
    >
      <div className="field">
        <label htmlFor="trucker">Trucker</label>
        <select id="trucker" value={chosen} disabled={!canWrite} onChange={(e) => setChosen(e.target.value)}>
          <option value="">No trucker</option>
          {(parties.data?.data ?? []).map((party) => (
            <option key={party.id} value={party.id}>
              {party.attributes.company_name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={!canWrite || patch.isPending}>
        Save trucker
      </button>
    </form>
  )
}

function HandoffLink({ container, canWrite }: { container: Container; canWrite: boolean }) {
  const send = useSendHandoff(container.id)
  const url = send.data?.data.attributes.url
  return (
    <div>
      <button type="button" disabled={!canWrite || send.isPending} onClick={() => send.mutate()}>
        Send delivery order link
      </button>
      {url ? <CopyValue label="Delivery order link (shown once; it works for 7 days)" value={url} /> : null}
      {send.isError ? <p role="alert">The link could not be made; try again.</p> : null}
    </div>
  )
}

/** After the last free day: when it is picked up, delivered and returned, and who trucks it. */
export function AppointmentsPanel({
  container,
  zone,
  truckerId,
  truckerName,
}: {
  container: Container
  zone: string
  truckerId: string
  truckerName: string | undefined
}) {
  const { canWrite } = useWriteAccess()
  const appointments = useContainerPatch(container.id)
  const truckers = useContainerPatch(container.id)
  return (
    <section aria-labelledby="pickup-delivery-title">
      <h2 id="pickup-delivery-title">Pickup &amp; delivery</h2>
      <p>Trucker: {truckerName ?? 'none yet'}</p>
      <ReadOnlyNotice action="Changing appointments and the trucker" />
      <AppointmentsForm
        key={JSON.stringify(container.attributes.appointments ?? [])}
        container={container}
        zone={zone}
        canWrite={canWrite}
        patch={appointments}
      />
      <SavedStatus patch={appointments} what="Appointments" />
      <TruckerForm key={truckerId} truckerId={truckerId} canWrite={canWrite} patch={truckers} />
      <SavedStatus patch={truckers} what="Trucker" />
      <HandoffLink container={container} canWrite={canWrite} />
    </section>
  )
}
