import { useState } from 'react'
import { FieldInput } from '../../components/custom-fields/field-input'
import type { Definition } from '../../components/custom-fields/field-values'
import { viewerZone } from '../../components/time/time-zone-setting'
import { type BulkFailure, useBulkApply } from './use-bulk-apply'

function BulkFailures({ failures }: { failures: BulkFailure[] }) {
  if (failures.length === 0) return null
  return (
    <div role="alert" className="error-panel">
      <p>
        {failures.length} shipment{failures.length === 1 ? '' : 's'} kept{' '}
        {failures.length === 1 ? 'its' : 'their'} old value:
      </p>
      <ul>
        {failures.map((f) => (
          <li key={f.label}>
            <span className="mono">{f.label}</span>: {f.words}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One request at a time, so it can say how far it got and which shipments refused and why. */
export function BulkEdit({
  definitions,
  selected,
  onDone,
}: {
  definitions: Definition[]
  selected: { id: string; label: string }[]
  onDone: () => void
}) {
  const [slug, setSlug] = useState(definitions[0]?.attributes.api_slug ?? '')
  const [value, setValue] = useState<unknown>(null)
  const { apply, done, failures, running } = useBulkApply(selected, onDone)
  const definition = definitions.find((d) => d.attributes.api_slug === slug)
  if (!definition) return null
  return (
    <section aria-labelledby="bulk-title" className="panel bulk-edit">
      <h2 id="bulk-title">Set a field on several shipments</h2>
      <p className="muted" aria-live="polite">
        {selected.length === 0
          ? 'Select the shipments in the list below.'
          : `${selected.length} shipment${selected.length === 1 ? '' : 's'} selected.`}
      </p>
      <div className="inline">
        <label htmlFor="bulk-field">Field</label>
        <select
          id="bulk-field"
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value)
            setValue(null)
          }}
        >
          {definitions.map((d) => (
            <option key={d.id} value={d.attributes.api_slug}>
              {d.attributes.display_name}
            </option>
          ))}
        </select>
        <label htmlFor={`field-${definition.id}`}>Value</label>
        <FieldInput key={slug} definition={definition} value={value} zone={viewerZone()} onSave={setValue} />
        <button
          type="button"
          disabled={running || selected.length === 0}
          onClick={() => void apply(definition, value)}
        >
          {running ? 'Setting…' : `Set on ${selected.length}`}
        </button>
        <button type="button" className="secondary" disabled={running} onClick={onDone}>
          Cancel
        </button>
      </div>
      {done !== undefined ? (
        <p>
          <progress max={selected.length} value={done} aria-label="Shipments done" /> {done} of{' '}
          {selected.length} done
        </p>
      ) : null}
      <BulkFailures failures={failures} />
    </section>
  )
}
