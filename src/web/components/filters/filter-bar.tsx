import { type FormEvent, lazy, Suspense, useState } from 'react'
import type { ListQuery } from '../../../contract/list-query'
import { FilterActions } from './filter-actions'
import type { Choice } from './filter-fields'
import { type FilterValues, filtersActive } from './list-url'

type Changes = Record<string, string | undefined>
type Supplied = Record<string, readonly Choice[]>

// the fields and their option lists load when the panel first opens, or at once when a filter is set
const FilterFields = lazy(async () => ({ default: (await import('./filter-fields')).FilterFields }))

const drawn = (list: ListQuery) =>
  Object.entries(list.filters).filter(([, filter]) => filter.input && filter.label)

/** The value each drawn filter takes from the form; one whose field has not loaded keeps the URL's. */
function changesFrom(list: ListQuery, form: FormData, values: FilterValues) {
  const changes: Changes = { page: undefined }
  for (const [name, filter] of drawn(list)) {
    const raw = form.has(name) ? String(form.get(name) ?? '').trim() || undefined : values[name]
    changes[name] = filter.upper ? raw?.toUpperCase() : raw
  }
  return changes
}

/** The search box, with the other filters beside it when the list has only a few. */
function Toolbar(props: {
  list: ListQuery
  values: FilterValues
  supplied?: Supplied
  onApply: (changes: Changes) => void
  inline: 'search' | 'apply' | undefined
  submitLabel?: string
}) {
  const { list, values, inline } = props
  const search = drawn(list).find(([, filter]) => filter.input?.kind === 'search')
  if (!search && !inline) return null
  return (
    <div className="toolbar">
      {search ? (
        <>
          <label htmlFor={`${search[0]}-search`}>{search[1].label}</label>
          <input
            id={`${search[0]}-search`}
            name={search[0]}
            type="search"
            defaultValue={values[search[0]]}
            placeholder={search[1].input?.kind === 'search' ? search[1].input.placeholder : undefined}
            data-search
          />
        </>
      ) : null}
      {inline ? (
        <Suspense fallback={null}>
          <FilterFields {...props} active={false} inline />
        </Suspense>
      ) : null}
      {inline === 'apply' ? null : <button type="submit">{props.submitLabel ?? 'Search'}</button>}
    </div>
  )
}

/**
 * Any list's search box and filters, drawn from its contract declaration: the search in front, the rest
 * behind a Filters toggle; applying goes back to the first page. `supplied` gives the choices a page
 * knows (the terminals seen, statuses in words). `inline` puts every filter beside the search, with a
 * Search button, or with Apply and Clear.
 */
export function FilterBar(props: {
  list: ListQuery
  values: FilterValues
  onApply: (changes: Changes) => void
  supplied?: Supplied
  inline?: 'search' | 'apply'
  /** The button of an inline toolbar that has one: Search unless given. */
  submitLabel?: string
}) {
  const { list, values, onApply, inline } = props
  const active = filtersActive(list, values)
  const [opened, setOpened] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply(changesFrom(list, new FormData(event.currentTarget), values))
  }
  // remount when the URL changes, so the fields show what the URL says
  const key = drawn(list)
    .map(([name]) => values[name] ?? '')
    .join('|')
  const everyName = drawn(list).map(([name]) => [name, undefined])
  const form = (
    <form className="filters" onSubmit={submit} key={key}>
      <Toolbar {...props} inline={inline} />
      {inline === 'apply' ? (
        <FilterActions
          active={drawn(list).some(([name]) => values[name])}
          onClear={() => onApply({ page: undefined, ...Object.fromEntries(everyName) })}
        />
      ) : inline ? null : (
        <details open={active} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
          <summary>Filters{active ? ' (active)' : ''}</summary>
          {active || opened ? (
            <Suspense fallback={<p className="muted">Loading filters…</p>}>
              <FilterFields
                list={list}
                values={values}
                supplied={props.supplied}
                active={active}
                onApply={onApply}
              />
            </Suspense>
          ) : null}
        </details>
      )}
    </form>
  )
  return inline || drawn(list).some(([, filter]) => filter.input?.kind === 'search') ? (
    <search>{form}</search>
  ) : (
    form
  )
}
