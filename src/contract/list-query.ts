import type { z } from 'zod/mini'
import { type QueryValue, textValue, uuidValue } from './query-values'

/** `supplied`: choices the page knows (the terminals it has seen); `search` goes in front of the rest. */
export type FilterInput =
  | { kind: 'text'; placeholder?: string; size?: number; maxLength?: number }
  | { kind: 'search'; placeholder: string }
  | { kind: 'choice'; any: string; choices: readonly { value: string; label: string }[] }
  | { kind: 'carrier' }
  | { kind: 'customer' }
  | { kind: 'supplied'; any: string }
  | { kind: 'date' }

/**
 * Its key names it in the dashboard's URL, the server and the store; `param` is the API's (Terminal49's) name.
 * Its OpenAPI description is the server's (`FilterDescriptions`), so the dashboard's JavaScript goes without.
 */
export type ListFilter<T = unknown> = {
  param: string
  /** A filter without one is not drawn (the board's tab has its own tabs). */
  label?: string
  value: QueryValue<T>
  /** What an absent or empty value means to the API. */
  fallback?: NoInfer<T>
  /** The API answers nothing without it (the map's `filter[carrying]`); the dashboard sends it always. */
  required?: true
  input?: FilterInput
  /** Codes (carriers, UN/LOCODEs) the dashboard writes in capitals. */
  upper?: true
}

/** `page[size]` when absent, and the most a page holds; a larger size is cut to it, as Terminal49 does. */
export type PageBounds = { size: number; max: number }

/** Terminal49's page bounds, which every paged list keeps. */
export const LIST_PAGE: PageBounds = { size: 30, max: 100 }

export type ListQuery = {
  filters: Record<string, ListFilter>
  /** The fields `sort` may name, `-field` for descending. */
  sorts: readonly string[]
  /** How the list pages; an unpaged list (the map) answers everything at once. */
  page?: PageBounds
}

// @__NO_SIDE_EFFECTS__
export const listQuery = <const L extends ListQuery>(list: L) => list

/** Keeps the value's type and whether it has a fallback. */
// @__NO_SIDE_EFFECTS__
export const listFilter = <const F extends ListFilter>(filter: F & ListFilter<z.output<F['value']>>) => filter

type ValueOf<F extends ListFilter> = z.output<F['value']>

/** A list's filter values as the server reads them, by name; those with a fallback are always there. */
export type ListFilterValues<L extends ListQuery> = {
  [K in keyof L['filters']]: L['filters'][K] extends { fallback: unknown } | { required: true }
    ? ValueOf<L['filters'][K]>
    : ValueOf<L['filters'][K]> | undefined
}

export type ListSort<L extends ListQuery> = { field: L['sorts'][number]; descending: boolean }

/** What `/v2/openapi.json` says of each filter, by the list's names. */
export type FilterDescriptions<L extends ListQuery> = { [K in keyof L['filters']]?: string }

/** The carrier, customer and tag filters every shipment list shares, under the API's names. */
export const SHIPMENT_PARTY_FILTERS = {
  carrier: listFilter({
    param: 'filter[shipping_line_scac]',
    label: 'Carrier',
    value: textValue(),
    input: { kind: 'carrier' },
    upper: true,
  }),
  customer: listFilter({
    param: 'filter[customer_id]',
    label: 'Customer',
    value: uuidValue,
    input: { kind: 'customer' },
  }),
  tag: listFilter({
    param: 'filter[tags]',
    label: 'Tag',
    value: textValue(),
    input: { kind: 'text', size: 12 },
  }),
}
