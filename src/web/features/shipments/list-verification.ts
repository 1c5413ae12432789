import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import { searchMatch } from './search-match'
import type { ShipmentListParams, SortField } from './shipment-queries'

type Row = { shipment: Shipment; containers: Container[]; fields?: Record<string, unknown> }

/** Whether a custom field's value passes `filter[custom_fields.<slug>]` as the service reads it. */
export function customFilterHolds(value: unknown, filter: string) {
  if (value === undefined || value === null) return false
  if (filter.includes('..')) {
    const [from, to] = filter.split('..')
    const compare = (a: unknown, b: string) =>
      typeof a === 'number' ? a - Number(b) : String(a) < b ? -1 : String(a) > b ? 1 : 0
    return (from === '' || compare(value, from) >= 0) && (to === '' || compare(value, to) <= 0)
  }
  const wanted = filter.split(',').map((v) => v.trim())
  if (Array.isArray(value)) return value.some((v) => wanted.includes(String(v)))
  return wanted.includes(String(value)) || String(value) === filter
}

const same = (a: string | null | undefined, b: string) => a?.toUpperCase() === b.toUpperCase()

const CHECKS: {
  name: string
  applies: (p: ShipmentListParams) => boolean
  holds: (row: Row, p: ShipmentListParams) => boolean
}[] = [
  {
    name: 'search',
    applies: (p) => Boolean(p.filters.q),
    holds: (row, p) => searchMatch(row, p.filters.q!) !== undefined,
  },
  {
    name: 'carrier',
    applies: (p) => Boolean(p.filters.carrier),
    holds: ({ shipment }, p) => same(shipment.attributes.shipping_line_scac, p.filters.carrier!),
  },
  {
    name: 'port of lading',
    applies: (p) => Boolean(p.filters.pol),
    holds: ({ shipment }, p) => same(shipment.attributes.port_of_lading_locode, p.filters.pol!),
  },
  {
    name: 'port of discharge',
    applies: (p) => Boolean(p.filters.pod),
    holds: ({ shipment }, p) => same(shipment.attributes.port_of_discharge_locode, p.filters.pod!),
  },
  {
    name: 'tracking stopped',
    applies: (p) => p.filters.stopped !== undefined,
    holds: ({ shipment }, p) =>
      Boolean(shipment.attributes.line_tracking_stopped_at) === (p.filters.stopped === 'true'),
  },
  {
    name: 'customer',
    applies: (p) => Boolean(p.filters.customer),
    holds: ({ shipment }, p) => {
      const linkage = shipment.relationships?.customer
      // a server that does not send the relationship gives nothing to check against
      return linkage?.data === undefined || linkage.data?.id === p.filters.customer
    },
  },
  {
    name: 'tag',
    applies: (p) => Boolean(p.filters.tag),
    holds: ({ shipment }, p) => (shipment.attributes.tags ?? []).includes(p.filters.tag!),
  },
]

const codepoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const collated = (a: string, b: string) => a.localeCompare(b, 'en', { ignorePunctuation: true })

/** Whether neighbours are out of order by every reasonable collation (databases collate text differently). */
function outOfOrder(values: (string | null | undefined)[], field: SortField, descending: boolean) {
  const present = values.filter((v): v is string => Boolean(v))
  if (values.slice(present.length).some(Boolean)) return true // an empty value came before a present one
  const isTime = field.endsWith('_at')
  for (let i = 1; i < present.length; i++) {
    const [a, b] = descending ? [present[i], present[i - 1]] : [present[i - 1], present[i]]
    if (isTime) {
      if (Date.parse(a) > Date.parse(b)) return true
    } else if (codepoint(a.toUpperCase(), b.toUpperCase()) > 0 && collated(a, b) > 0) return true
  }
  return false
}

/** The real service drops some filters silently; this makes the view say so instead of showing wrong rows. */
export function ignoredByServer(params: ShipmentListParams, rows: Row[]): string[] {
  const ignored = CHECKS.filter(
    (check) => check.applies(params) && rows.some((r) => !check.holds(r, params)),
  ).map((check) => check.name)
  // only rows that carry their values can be checked: a server that cannot include them is not judged
  for (const [slug, filter] of Object.entries(params.fields ?? {}))
    if (rows.some((r) => r.fields && !customFilterHolds(r.fields[slug], filter))) ignored.push(slug)
  if (params.sort && !params.sort.field.startsWith('custom_fields.')) {
    const values = rows.map(
      (r) =>
        r.shipment.attributes[params.sort!.field as keyof Shipment['attributes']] as
          | string
          | null
          | undefined,
    )
    if (outOfOrder(values, params.sort.field, params.sort.descending)) ignored.push('sort order')
  }
  return ignored
}
