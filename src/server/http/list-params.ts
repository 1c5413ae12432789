import { z } from 'zod/mini'
import type { FilterDescriptions, ListFilterValues, ListQuery, ListSort } from '../../contract/list-query'
import type { QueryValue } from '../../contract/query-values'
import { defaulted, optional, refuse, required } from './query-params'

/** Reads a value with the contract's schema; its first message is the refusal. */
const reader =
  <T>(value: QueryValue<T>) =>
  (raw: string) => {
    const result = z.safeParse(value, raw)
    return result.success ? result.data : refuse(result.error.issues[0]?.message ?? 'is not valid')
  }

type Parameter =
  | ReturnType<typeof optional<unknown>>
  | ReturnType<typeof defaulted<unknown>>
  | ReturnType<typeof required<unknown>>

/**
 * A list's filters as the route's query parameters, under the API's names: validated and documented in
 * `/v2/openapi.json` from the contract's one declaration, in the words the route gives each.
 */
export function filterParams<L extends ListQuery>(
  list: L,
  descriptions: FilterDescriptions<L> = {},
): Record<string, Parameter> {
  return Object.fromEntries(
    Object.entries(list.filters).map(([name, filter]) => {
      const description: string | undefined = descriptions[name]
      const read = reader(filter.value)
      return [
        filter.param,
        filter.required
          ? required(read, description)
          : filter.fallback === undefined
            ? optional(read, description)
            : defaulted(read, filter.fallback as never, description),
      ]
    }),
  )
}

/** The filters the route's query validated, by the names the contract gives them. */
export function filtersOf<L extends ListQuery>(list: L, query: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(list.filters).map(([name, filter]) => [name, query[filter.param]]),
  ) as ListFilterValues<L>
}

/** `sort=field` or `sort=-field`, one of the fields the list declares. */
export function sortParam<L extends ListQuery>(list: L, description?: string) {
  const fields = list.sorts.join(', ')
  return optional((raw): ListSort<L> | ReturnType<typeof refuse> => {
    const field = raw.replace(/^-/, '')
    if (!list.sorts.includes(field)) return refuse(`must be one of ${fields}, optionally after -`)
    return { field, descending: raw.startsWith('-') }
  }, description ?? `One of ${fields}; a leading - for descending`)
}
