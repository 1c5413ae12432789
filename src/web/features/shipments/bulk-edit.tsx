import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../api/api-error'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { FieldInput } from '../../components/custom-fields/field-input'
import type { Definition } from '../../components/custom-fields/field-values'
import { viewerZone } from '../../components/time/time-zone-setting'
import { showToast } from '../../components/toast/toasts'
import { shipmentQueries } from './shipment-queries'

type Failure = { label: string; words: string }
const SHIPMENTS = { path: 'shipments', definitionType: 'Shipment' } as const

/**
 * Sets one custom field on every selected shipment, one request at a time, showing how far it has got
 * and, at the end, which shipments refused and why.
 */
export function BulkEdit({
  definitions,
  selected,
  onDone,
}: {
  definitions: Definition[]
  selected: { id: string; label: string }[]
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [slug, setSlug] = useState(definitions[0]?.attributes.api_slug ?? '')
  const [value, setValue] = useState<unknown>(null)
  const [done, setDone] = useState<number>()
  const [failures, setFailures] = useState<Failure[]>([])
  const definition = definitions.find((d) => d.attributes.api_slug === slug)
  const running = done !== undefined && done < selected.length
  const apply = async () => {
    if (!definition) return
    const failed: Failure[] = []
    setFailures([])
    for (const [index, shipment] of selected.entries()) {
      setDone(index)
      try {
        await customFieldApi.setValue(SHIPMENTS, shipment.id, slug, value)
      } catch (error) {
        failed.push({
          label: shipment.label,
          words: error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error),
        })
      }
    }
    setDone(selected.length)
    setFailures(failed)
    await queryClient.invalidateQueries({ queryKey: shipmentQueries.all() })
    await queryClient.invalidateQueries({ queryKey: customFieldQueries.all() })
    const name = definition.attributes.display_name
    showToast(
      failed.length === 0
        ? { tone: 'done', text: `${name} set on ${selected.length} shipments.` }
        : {
            tone: 'failed',
            text: `${name} set on ${selected.length - failed.length} of ${selected.length} shipments.`,
          },
    )
    if (failed.length === 0) onDone()
  }
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
        <button type="button" disabled={running || selected.length === 0} onClick={() => void apply()}>
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
      {failures.length > 0 ? (
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
      ) : null}
    </section>
  )
}
