import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react'
import type { ListQuery } from '../../../contract/list-query'
import type { Choice } from './filter-fields'
import { type FilterValues, filtersActive } from './list-url'

type Changes = Record<string, string | undefined>

// the fields and their option lists load when the panel first opens, or at once when a filter is set
const FilterFields = lazy(async () => ({ default: (await import('./filter-fields')).FilterFields }))

const searchFilters = (list: ListQuery) =>
  Object.entries(list.filters).filter(([, filter]) => filter.input?.kind === 'search' && filter.label)

/** The value each drawn filter takes from the form; one whose field has not loaded keeps the URL's. */
function changesFrom(list: ListQuery, form: FormData, values: FilterValues, extra: readonly string[]) {
  const changes: Changes = { page: undefined }
  for (const [name, filter] of Object.entries(list.filters)) {
    if (!filter.input || !filter.label) continue
    const raw = form.has(name) ? String(form.get(name) ?? '').trim() || undefined : values[name]
    changes[name] = filter.upper ? raw?.toUpperCase() : raw
  }
  for (const name of extra)
    if (form.has(name)) changes[name] = String(form.get(name) ?? '').trim() || undefined
  return changes
}

/**
 * Any list's search box and filters, drawn from its contract declaration: the search in front, the rest
 * behind a Filters toggle; applying goes back to the first page. `supplied` gives the choices a page
 * knows (the terminals seen); `children` adds fields the declaration cannot (custom fields), whose
 * names are in `extraNames`.
 */
export function FilterBar({
  list,
  values,
  onApply,
  supplied,
  children,
  extraNames = [],
  extraActive = false,
  inline = false,
}: {
  list: ListQuery
  values: FilterValues
  onApply: (changes: Changes) => void
  supplied?: Record<string, readonly Choice[]>
  children?: ReactNode
  extraNames?: readonly string[]
  extraActive?: boolean
  /** Every filter in the search's toolbar, for a list with one or two: no Filters toggle. */
  inline?: boolean
}) {
  const active = filtersActive(list, values) || extraActive
  const [opened, setOpened] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply(changesFrom(list, new FormData(event.currentTarget), values, extraNames))
  }
  // remount when the URL changes, so the fields show what the URL says
  const key = Object.keys(list.filters)
    .filter((name) => list.filters[name].input)
    .map((name) => values[name] ?? '')
    .join('|')
  const form = (
    <form className="filters" onSubmit={submit} key={key}>
      {searchFilters(list).map(([name, filter]) => (
        <div className="toolbar" key={name}>
          <label htmlFor={`${name}-search`}>{filter.label}</label>
          <input
            id={`${name}-search`}
            name={name}
            type="search"
            defaultValue={values[name]}
            placeholder={filter.input?.kind === 'search' ? filter.input.placeholder : undefined}
            data-search
          />
          {inline ? (
            <Suspense fallback={null}>
              <FilterFields
                list={list}
                values={values}
                supplied={supplied}
                active={active}
                onApply={onApply}
                inline
              />
            </Suspense>
          ) : null}
          <button type="submit">Search</button>
        </div>
      ))}
      {inline ? null : (
        <details open={active} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
          <summary>Filters{active ? ' (active)' : ''}</summary>
          {active || opened ? (
            <Suspense fallback={<p className="muted">Loading filters…</p>}>
              <FilterFields list={list} values={values} supplied={supplied} active={active} onApply={onApply}>
                {children}
              </FilterFields>
            </Suspense>
          ) : null}
        </details>
      )}
    </form>
  )
  return searchFilters(list).length > 0 ? <search>{form}</search> : form
}
