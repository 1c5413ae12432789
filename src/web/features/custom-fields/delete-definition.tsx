import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ApiError } from '../../api/api-error'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import type { Definition } from '../../components/custom-fields/field-values'
import { showToast } from '../../components/toast/toasts'

/** It says how many values go, and asks for the field's name. */
export function DeleteDefinition({
  definition,
  onDeleted,
}: {
  definition: Definition
  onDeleted: () => void
}) {
  const queryClient = useQueryClient()
  const id = useId()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const name = definition.attributes.display_name ?? definition.attributes.api_slug
  const count = definition.attributes.value_count ?? 0
  return (
    <section aria-labelledby={`${id}-title`} className="danger-zone">
      <h3 id={`${id}-title`}>Delete this field</h3>
      <p id={`${id}-words`}>
        {count === 0
          ? 'No shipment or container has a value for it yet.'
          : `This removes its ${count} value${count === 1 ? '' : 's'} from every ${
              definition.attributes.entity_type === 'Container' ? 'container' : 'shipment'
            }, and their history. It cannot be undone.`}{' '}
        Type <strong>{name}</strong> to confirm.
      </p>
      <form
        className="inline"
        onSubmit={async (event) => {
          event.preventDefault()
          if (typed.trim() !== name) return setProblem(`Type ${name} exactly to delete it`)
          setBusy(true)
          try {
            await customFieldApi.deleteDefinition(definition.id)
            await queryClient.invalidateQueries({ queryKey: customFieldQueries.all() })
            showToast({ tone: 'done', text: `${name} deleted.` })
            onDeleted()
          } catch (error) {
            setProblem(
              error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error),
            )
          } finally {
            setBusy(false)
          }
        }}
      >
        <label htmlFor={`${id}-name`}>Field name</label>
        <input
          id={`${id}-name`}
          value={typed}
          autoComplete="off"
          aria-describedby={`${id}-words${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setTyped(event.target.value)
            setProblem(undefined)
          }}
        />
        <button type="submit" className="danger" disabled={busy}>
          {busy ? 'Deleting…' : 'Delete field'}
        </button>
      </form>
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
