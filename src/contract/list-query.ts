import { z } from 'zod/mini'

/** `supplied`: choices the page knows (the terminals it has seen); `search` goes in front of the rest. */
export type FilterInput =
  | { kind: 'text'; placeholder?: string; size?: number; maxLength?: number }
  | { kind: 'search'; placeholder: string }
  | { kind: 'choice'; any: string; choices: readonly { value: string; label: string }[] }
  | { kind: 'carrier' }
  | { kind: 'customer' }
  | { kind: 'supplied'; any: string }
  | { kind: 'date' }

/** A query value as the API reads it from its text; a message ends a sentence that starts with its name. */
export type QueryValue<T = unknown> = z.ZodMiniType<T>

/** Its key names it in the dashboard's URL, the server and the store; `param` is the API's (Terminal49's) name. */
export type ListFilter<T = unknown> = {
  param: string
  /** A filter without one is not drawn (the board's tab has its own tabs). */
  label?: string
  description?: string
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

// @__NO_SIDE_EFFECTS__
export const textValue = (max = 100) =>
  z.pipe(
    z.string().check(z.maxLength(max, `must be at most ${max} characters`)),
    z.transform((raw) => raw.trim()),
  )

/** Text as sent, with no limit: what Terminal49's own list filters take. */
export const anyText: QueryValue<string> = z.string()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const uuidValue: QueryValue<string> = z.string().check(z.regex(UUID, 'must be a UUID'))

export const booleanValue: QueryValue<boolean> = z.pipe(
  z.enum(['true', 'false'], { error: 'must be true or false' }),
  z.transform((raw) => raw === 'true'),
)

// @__NO_SIDE_EFFECTS__
export const oneOfValue = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` })

// @__NO_SIDE_EFFECTS__
export const daysValue = (max: number): QueryValue<number> =>
  z.pipe(
    z.string().check(
      z.refine((raw) => /^\d{1,2}$/.test(raw) && Number(raw) <= max, {
        error: `must be a whole number from 0 to ${max}`,
      }),
    ),
    z.transform(Number),
  )

/** The carrier, customer and tag filters every shipment list shares, under the API's names. */
export const SHIPMENT_PARTY_FILTERS = {
  carrier: listFilter({
    param: 'filter[shipping_line_scac]',
    label: 'Carrier',
    description: 'Shipments of this shipping line (SCAC)',
    value: textValue(),
    input: { kind: 'carrier' },
    upper: true,
  }),
  customer: listFilter({
    param: 'filter[customer_id]',
    label: 'Customer',
    description: 'Shipments of this customer',
    value: uuidValue,
    input: { kind: 'customer' },
  }),
  tag: listFilter({
    param: 'filter[tags]',
    label: 'Tag',
    description: 'Shipments carrying this tag',
    value: textValue(),
    input: { kind: 'text', size: 12 },
  }),
}

export const drawnFilters = (list: ListQuery) =>
  Object.keys(list.filters).filter((name) => list.filters[name].input && list.filters[name].label)

/** An ISO 8601 date or time that both JavaScript and PostgreSQL can hold (years 1 to 9999). */
export const dateValue: QueryValue<Date> = z.pipe(
  z.string().check(
    z.refine(
      (raw) => {
        const date = new Date(raw)
        const year = date.getUTCFullYear()
        return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999
      },
      { error: 'must be an ISO 8601 date or time between the years 1 and 9999' },
    ),
  ),
  z.transform((raw) => new Date(raw)),
)
