import { z } from 'zod/mini'
import type { ListQuery } from '../../../contract/list-query'

export type FilterValues = Record<string, string | undefined>

/** A value the API would refuse is left out, so an old or hand-edited link still opens the list. */
export function filterValuesFrom(list: ListQuery, search: URLSearchParams): FilterValues {
  const values: FilterValues = {}
  for (const [name, filter] of Object.entries(list.filters)) {
    const raw = search.get(name)?.trim()
    if (!raw) continue
    const value = filter.upper ? raw.toUpperCase() : raw
    if (z.safeParse(filter.value, value).success) values[name] = value
  }
  return values
}

export const apiFilters = (list: ListQuery, values: FilterValues) =>
  Object.fromEntries(Object.entries(list.filters).map(([name, filter]) => [filter.param, values[name]]))

export const filtersActive = (list: ListQuery, values: FilterValues) =>
  Object.entries(list.filters).some(
    ([name, filter]) => filter.label && filter.input && filter.input.kind !== 'search' && values[name],
  )
