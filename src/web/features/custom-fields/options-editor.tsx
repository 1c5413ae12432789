import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { CustomFieldOption } from '../../../contract/custom-fields'
import { ApiError } from '../../api/api-error'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { type Definition, slugFrom } from '../../components/custom-fields/field-values'
import { showToast } from '../../components/toast/toasts'

const wordsOf = (error: unknown) =>
  error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error)

const uses = (count: number) => `${count} value${count === 1 ? '' : 's'}`

/**
 * An enum's options: add, rename, reorder (drag, or Alt+Arrow keys and the Move buttons) and delete. A
 * reorder saves every position that changed; deleting an option in use says what happens to its values.
 */
export function OptionsEditor({ definition }: { definition: Definition }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [announcement, setAnnouncement] = useState('')
  const [dragged, setDragged] = useState<string>()
  const [confirming, setConfirming] = useState<CustomFieldOption>()
  const options = definition.options
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    setProblem(undefined)
    try {
      await work()
      setAnnouncement(done)
    } catch (error) {
      setProblem(wordsOf(error))
      showToast({ tone: 'failed', text: wordsOf(error) })
    } finally {
      await queryClient.invalidateQueries({ queryKey: customFieldQueries.all() })
      setBusy(false)
    }
  }
  const move = (from: number, to: number) => {
    if (to < 0 || to >= options.length || from === to) return
    const order = [...options]
    const [moved] = order.splice(from, 1)
    order.splice(to, 0, moved)
    void run(
      () =>
        Promise.all(
          order.flatMap((o, position) =>
            o.attributes.position === position
              ? []
              : [customFieldApi.updateOption(definition.id, o.id, { position })],
          ),
        ),
      `${moved.attributes.label} moved to position ${to + 1} of ${order.length}.`,
    )
  }
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem('label') as HTMLInputElement
    const label = input.value.trim()
    if (!label) return setProblem('Type the option first')
    void run(async () => {
      await customFieldApi.addOption(definition.id, { label, value: slugFrom(label) || label })
      input.value = ''
    }, `${label} added.`)
  }
  return (
    <section aria-labelledby="options-title" className="options-editor">
      <h3 id="options-title">Options</h3>
      <p className="muted small" id="options-help">
        Drag an option, or focus its handle and press Alt+Up or Alt+Down, to change its place.
      </p>
      {options.length === 0 ? <p>No options yet.</p> : null}
      <ol className="option-list" aria-describedby="options-help">
        {options.map((option, index) => (
          <li
            key={option.id}
            draggable={!busy}
            onDragStart={() => setDragged(option.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault()
              move(
                options.findIndex((o) => o.id === dragged),
                index,
              )
              setDragged(undefined)
            }}
            className="option-row"
          >
            <button
              type="button"
              className="secondary drag-handle"
              aria-label={`Move ${option.attributes.label}: position ${index + 1} of ${options.length}`}
              onKeyDown={(event) => {
                // never disabled while saving: a disabled button would lose the keyboard's focus
                if (!event.altKey || busy) return
                if (event.key === 'ArrowUp') move(index, index - 1)
                if (event.key === 'ArrowDown') move(index, index + 1)
              }}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <input
              aria-label={`Label of option ${index + 1}`}
              defaultValue={option.attributes.label}
              disabled={busy}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.currentTarget.blur()
                if (event.key === 'Escape') event.currentTarget.value = option.attributes.label
              }}
              onBlur={(event) => {
                const label = event.currentTarget.value.trim()
                if (label && label !== option.attributes.label)
                  void run(
                    () => customFieldApi.updateOption(definition.id, option.id, { label }),
                    `Renamed to ${label}.`,
                  )
              }}
            />
            <span className="muted small mono">{option.attributes.value}</span>
            <span className="muted small">{uses(option.attributes.value_count ?? 0)}</span>
            <button
              type="button"
              className="secondary"
              disabled={busy || index === 0}
              onClick={() => move(index, index - 1)}
            >
              Move up<span className="visually-hidden"> {option.attributes.label}</span>
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy || index === options.length - 1}
              onClick={() => move(index, index + 1)}
            >
              Move down<span className="visually-hidden"> {option.attributes.label}</span>
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(option)}>
              Delete<span className="visually-hidden"> {option.attributes.label}</span>
            </button>
          </li>
        ))}
      </ol>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="delete-option-title" className="confirm-panel">
          <p id="delete-option-title">
            Delete {confirming.attributes.label}?{' '}
            {(confirming.attributes.value_count ?? 0) === 0
              ? 'No values use it.'
              : `${uses(confirming.attributes.value_count ?? 0)} use it: ${
                  definition.attributes.data_type === 'enum'
                    ? 'they will be cleared'
                    : 'it will be taken out of them, and their other options kept'
                }. Each change is kept in the value's history.`}
          </p>
          <button
            type="button"
            onClick={() => {
              const option = confirming
              setConfirming(undefined)
              void run(
                () => customFieldApi.deleteOption(definition.id, option.id),
                `${option.attributes.label} deleted.`,
              )
            }}
          >
            Delete option
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setConfirming(undefined)}>
            Keep it
          </button>
        </div>
      ) : null}
      <form onSubmit={add} className="inline">
        <label htmlFor="new-option">New option</label>
        <input id="new-option" name="label" autoComplete="off" disabled={busy} />
        <button type="submit" disabled={busy}>
          Add option
        </button>
      </form>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  )
}
