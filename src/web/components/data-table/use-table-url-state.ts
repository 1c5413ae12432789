import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { LIST_PAGE, type PageBounds } from '../../../contract/list-query'

export type SortState<F extends string = string> = { field: F; descending: boolean }

export type TableUrlOptions<F extends string, K extends string> = {
  /** The fields the server sorts by, as `sort` names them (`-field` for descending). */
  sortFields: readonly F[]
  filters: readonly K[]
  pageSizes?: readonly number[]
  /** The list's page bounds from its contract declaration: its default size, and the most the URL may ask. */
  page?: PageBounds
}

export type TableUrlState<F extends string, K extends string> = {
  page: number
  size: number
  sort?: SortState<F>
  filters: Partial<Record<K, string>>
}

export const PAGE_SIZES = [10, LIST_PAGE.size, 50, LIST_PAGE.max] as const

/** Unknown or malformed values fall back to the defaults. */
export function readTableState<F extends string, K extends string>(
  search: URLSearchParams,
  { sortFields, filters, pageSizes = PAGE_SIZES, page: bounds = LIST_PAGE }: TableUrlOptions<F, K>,
): TableUrlState<F, K> {
  const page = Number(search.get('page') ?? 1)
  const size = Number(search.get('size') ?? bounds.size)
  const sort = search.get('sort') ?? ''
  const field = sort.replace(/^-/, '') as F
  const values: Partial<Record<K, string>> = {}
  for (const name of filters) {
    const value = search.get(name)?.trim()
    if (value) values[name] = value
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: pageSizes.includes(size) && size <= bounds.max ? size : bounds.size,
    sort: sortFields.includes(field) ? { field, descending: sort.startsWith('-') } : undefined,
    filters: values,
  }
}

/** The next sort when a header is clicked: ascending, then descending, then none. */
export const nextSort = <F extends string>(current: SortState<F> | undefined, field: F) =>
  current?.field !== field ? field : current.descending ? undefined : `-${field}`

/** In the URL, so a link reproduces the view and Back undoes a change; a new filter or size goes to page 1. */
export function useTableUrlState<F extends string, K extends string>(options: TableUrlOptions<F, K>) {
  const [search, setSearch] = useSearchParams()
  const state = readTableState(search, options)
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearch((current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        return next
      }),
    [setSearch],
  )
  return {
    ...state,
    search,
    update,
    setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    setSize: (size: number) => update({ size: String(size), page: undefined }),
    toggleSort: (field: F) => update({ sort: nextSort(state.sort, field), page: undefined }),
    setFilters: (changes: Partial<Record<K, string | undefined>>) =>
      update({ ...(changes as Record<string, string | undefined>), page: undefined }),
  }
}
