import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { CustomFieldOption } from '../../../contract/custom-fields'
import { ApiError } from '../../api/api-error'
import { customFieldApi, customFieldQueries } from '../../components/custom-fields/custom-field-queries'
import { type Definition, slugFrom } from '../../components/custom-fields/field-values'
import { showToast } from '../../components/toast/toasts'
import { DeleteOptionConfirm, OptionRow } from './option-row'

const wordsOf = (error: unknown) =>
  error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error)

/** One save at a time; a reorder saves every position that changed. */
function useOptionEdits(definition: Definition) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [announcement, setAnnouncement] = useState('')
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
  return { busy, problem, announcement, run, move, add }
}

export function OptionsEditor({ definition }: { definition: Definition }) {
  const { busy, problem, announcement, run, move, add } = useOptionEdits(definition)
  const [dragged, setDragged] = useState<string>()
  const [confirming, setConfirming] = useState<CustomFieldOption>()
  const options = definition.options
  return (
    <section aria-labelledby="options-title" className="options-editor">
      <h3 id="options-title">Options</h3>
      <p className="muted small" id="options-help">
        Drag an option, or focus its handle and press Alt+Up or Alt+Down, to change its place.
      </p>
      {options.length === 0 ? <p>No options yet.</p> : null}
      <ol className="option-list" aria-describedby="options-help">
        {options.map((option, index) => (
          <OptionRow
            key={option.id}
            option={option}
            index={index}
            count={options.length}
            busy={busy}
            onDragStart={() => setDragged(option.id)}
            onDrop={() => {
              move(
                options.findIndex((o) => o.id === dragged),
                index,
              )
              setDragged(undefined)
            }}
            onMove={move}
            onRename={(label) =>
              void run(
                () => customFieldApi.updateOption(definition.id, option.id, { label }),
                `Renamed to ${label}.`,
              )
            }
            onDelete={() => setConfirming(option)}
          />
        ))}
      </ol>
      {confirming ? (
        <DeleteOptionConfirm
          option={confirming}
          dataType={definition.attributes.data_type}
          onDelete={() => {
            setConfirming(undefined)
            void run(
              () => customFieldApi.deleteOption(definition.id, confirming.id),
              `${confirming.attributes.label} deleted.`,
            )
          }}
          onKeep={() => setConfirming(undefined)}
        />
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
