import { Suspense } from 'react'
import type { ListQuery } from '../../../contract/list-query'
import { FilterActions } from './filter-actions'
import { type Changes, drawn, FilterFields, FilterForm, FilterToggle, type Supplied } from './filter-panel'
import type { FilterValues } from './list-url'

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

/** Every list but the board and the map: a search box and filters inline, or beside a Filters toggle. */
export function FilterBar(props: {
  list: ListQuery
  values: FilterValues
  onApply: (changes: Changes) => void
  supplied?: Supplied
  inline?: 'search' | 'apply'
  submitLabel?: string
}) {
  const { list, values, onApply, inline } = props
  const everyName = drawn(list).map(([name]) => [name, undefined])
  const form = (
    <FilterForm {...props}>
      <Toolbar {...props} inline={inline} />
      {inline === 'apply' ? (
        <FilterActions
          active={drawn(list).some(([name]) => values[name])}
          onClear={() => onApply({ page: undefined, ...Object.fromEntries(everyName) })}
        />
      ) : inline ? null : (
        <FilterToggle list={list} values={values} supplied={props.supplied} onApply={onApply} />
      )}
    </FilterForm>
  )
  return inline || drawn(list).some(([, filter]) => filter.input?.kind === 'search') ? (
    <search>{form}</search>
  ) : (
    form
  )
}
