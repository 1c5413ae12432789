import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react'
import type { ListQuery } from '../../../contract/list-query'
import type { Choice } from './filter-fields'
import { type FilterValues, filtersActive } from './list-url'

export type Changes = Record<string, string | undefined>
export type Supplied = Record<string, readonly Choice[]>
type PanelProps = {
  list: ListQuery
  values: FilterValues
  onApply: (changes: Changes) => void
  supplied?: Supplied
}

// the fields and their option lists load when the panel first opens, or at once when a filter is set
export const FilterFields = lazy(async () => ({ default: (await import('./filter-fields')).FilterFields }))

export const drawn = (list: ListQuery) =>
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

export function FilterForm({ list, values, onApply, children }: PanelProps & { children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply(changesFrom(list, new FormData(event.currentTarget), values))
  }
  // remount when the URL changes, so the fields show what the URL says
  const key = drawn(list)
    .map(([name]) => values[name] ?? '')
    .join('|')
  return (
    <form className="filters" onSubmit={submit} key={key}>
      {children}
    </form>
  )
}

export function FilterToggle(props: PanelProps) {
  const active = filtersActive(props.list, props.values)
  const [opened, setOpened] = useState(false)
  return (
    <details open={active} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Filters{active ? ' (active)' : ''}</summary>
      {active || opened ? (
        <Suspense fallback={<p className="muted">Loading filters…</p>}>
          <FilterFields {...props} active={active} />
        </Suspense>
      ) : null}
    </details>
  )
}

/** Without FilterBar's toolbars, which the first route (the board) never needs. */
export function FilterPanel(props: PanelProps) {
  return (
    <FilterForm {...props}>
      <FilterToggle {...props} />
    </FilterForm>
  )
}
