import type { ListFilter, ListQuery } from '../../../contract/list-query'
import { FilterActions } from './filter-actions'
import type { FilterValues } from './list-url'
import { CarrierFilter, CustomerFilter } from './reference-selects'

export type Choice = { value: string; label: string }

function ChoiceField({
  name,
  label,
  any,
  choices,
  value,
}: {
  name: string
  label: string
  any: string
  choices: readonly Choice[]
  value?: string
}) {
  // a value the URL names that is not among the choices (yet) is still shown as chosen
  const chosen = value && !choices.some((choice) => choice.value === value)
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{any}</option>
        {chosen ? <option value={value}>The chosen {label.toLowerCase()}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  )
}

function Field({
  name,
  filter,
  value,
  supplied,
}: {
  name: string
  filter: ListFilter
  value?: string
  supplied?: readonly Choice[]
}) {
  const input = filter.input
  const label = filter.label ?? name
  switch (input?.kind) {
    case 'carrier':
      return <CarrierFilter name={name} value={value} />
    case 'customer':
      return <CustomerFilter name={name} value={value} />
    case 'choice':
      return <ChoiceField name={name} label={label} any={input.any} choices={input.choices} value={value} />
    case 'supplied':
      return <ChoiceField name={name} label={label} any={input.any} choices={supplied ?? []} value={value} />
    case 'date':
      return (
        <label>
          {label}
          <input name={name} type="date" defaultValue={value} />
        </label>
      )
    case 'text':
      return (
        <label>
          {label}
          <input
            name={name}
            defaultValue={value}
            placeholder={input.placeholder}
            maxLength={input.maxLength}
            size={input.size}
          />
        </label>
      )
    default:
      return null
  }
}

export function FilterFields({
  list,
  values,
  supplied,
  active,
  onApply,
  inline = false,
}: {
  list: ListQuery
  values: FilterValues
  supplied?: Record<string, readonly Choice[]>
  active: boolean
  onApply: (changes: Record<string, string | undefined>) => void
  inline?: boolean
}) {
  const drawn = Object.entries(list.filters).filter(
    ([, filter]) => filter.label && filter.input && filter.input.kind !== 'search',
  )
  const fields = drawn.map(([name, filter]) => (
    <Field key={name} name={name} filter={filter} value={values[name]} supplied={supplied?.[name]} />
  ))
  if (inline) return fields
  return (
    <div className="filter-grid">
      {fields}
      <FilterActions
        active={active}
        onClear={() =>
          onApply({ page: undefined, ...Object.fromEntries(drawn.map(([name]) => [name, undefined])) })
        }
      />
    </div>
  )
}
