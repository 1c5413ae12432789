import { useEffect, useState } from 'react'
import { apiValueOf, type Definition, draftOf } from './field-values'

type Props = {
  definition: Definition
  value: unknown
  zone: string
  problem?: string
  disabled?: boolean
  onSave: (value: unknown) => void
}

const NUMBER_STEP: Record<string, string> = {
  integer: '1',
  'decimal:0': '1',
  'decimal:1': '0.1',
  'decimal:2': '0.01',
}

function useDraft({ definition, value, zone, onSave }: Props) {
  const saved = draftOf(definition, value, zone)
  const [draft, setDraft] = useState(saved)
  const savedKey = JSON.stringify(saved)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the saved value
  useEffect(() => setDraft(saved), [savedKey])
  const commit = (next = draft) => {
    if (JSON.stringify(next) !== savedKey) onSave(apiValueOf(definition, next, zone))
  }
  const keys = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      setDraft(saved)
    }
  }
  return { draft, setDraft, commit, keys }
}

/** A date is the calendar day as written, never through a time zone; a date-time is read in `zone`. */
export function FieldInput(props: Props) {
  const { definition, problem, disabled } = props
  const { draft, setDraft, commit, keys } = useDraft(props)
  const id = `field-${definition.id}`
  const described = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-error` : undefined,
    disabled,
  }
  const a = definition.attributes
  switch (a.data_type) {
    case 'boolean':
      return (
        <input
          {...described}
          type="checkbox"
          role="switch"
          aria-checked={draft === true}
          checked={draft === true}
          onChange={(event) => {
            setDraft(event.target.checked)
            commit(event.target.checked)
          }}
        />
      )
    case 'enum':
      return (
        <OneOf
          {...described}
          definition={definition}
          chosen={String(draft)}
          onChange={(next) => {
            setDraft(next)
            commit(next)
          }}
        />
      )
    case 'enum_multi':
      return (
        <MultiSelect
          {...described}
          definition={definition}
          chosen={draft as string[]}
          onChange={(next) => {
            setDraft(next)
            commit(next)
          }}
        />
      )
    default:
      return (
        <input
          {...described}
          type={
            { number: 'number', date: 'date', datetime: 'datetime-local' }[a.data_type as string] ?? 'text'
          }
          step={a.data_type === 'number' ? (NUMBER_STEP[a.default_format ?? ''] ?? 'any') : undefined}
          inputMode={a.data_type === 'number' ? 'decimal' : undefined}
          value={String(draft)}
          placeholder={a.data_type === 'reference' ? `Id of the ${a.reference_type ?? 'record'}` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={keys}
          onBlur={() => commit()}
        />
      )
  }
}

function OneOf({
  definition,
  chosen,
  onChange,
  ...described
}: {
  id: string
  disabled?: boolean
  definition: Definition
  chosen: string
  onChange: (next: string) => void
}) {
  return (
    <select {...described} value={chosen} onChange={(event) => onChange(event.target.value)}>
      <option value="">Not set</option>
      {definition.options.map((o) => (
        <option key={o.id} value={o.attributes.value}>
          {o.attributes.label}
        </option>
      ))}
    </select>
  )
}

function MultiSelect(props: {
  id: string
  disabled?: boolean
  definition: Definition
  chosen: string[]
  onChange: (next: string[]) => void
}) {
  const { id, disabled, definition, chosen, onChange } = props
  const [search, setSearch] = useState('')
  const shown = definition.options.filter((o) =>
    o.attributes.label.toLowerCase().includes(search.trim().toLowerCase()),
  )
  return (
    <fieldset id={id} className="multi-select" disabled={disabled}>
      <legend className="visually-hidden">{definition.attributes.display_name}</legend>
      {definition.options.length > 6 ? (
        <input
          type="search"
          aria-label={`Search the options of ${definition.attributes.display_name}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      ) : null}
      {shown.map((o) => (
        <label key={o.id} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(o.attributes.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? definition.options
                      .map((x) => x.attributes.value)
                      .filter((v) => v === o.attributes.value || chosen.includes(v))
                  : chosen.filter((v) => v !== o.attributes.value),
              )
            }
          />{' '}
          {o.attributes.label}
        </label>
      ))}
    </fieldset>
  )
}
