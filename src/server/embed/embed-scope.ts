import { badParameter } from '../http/problem'
import { refuse } from '../http/query-params'
import { parseInclude } from '../jsonapi/include-paths'
import type { EmbedTokenRow } from '../storage/embed-token-store'
import type { ShipmentFilters } from '../storage/shipment-store'

export const asNumber = (raw: string) =>
  /^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,59}$/.test(raw.trim())
    ? raw.trim()
    : refuse('must be a bill of lading, reference or container number: letters, digits and -, up to 60')
export const NUMBER_HELP =
  'A bill of lading, reference or container number; required for a track-by-number token'

export function scopeFilters(
  grant: EmbedTokenRow,
  number: string | undefined,
  parameter: string,
): ShipmentFilters {
  const narrowed = number ? { exactNumber: number } : {}
  switch (grant.scope_kind) {
    case 'shipments':
      return { ids: grant.scope_shipment_ids, ...narrowed }
    case 'customer':
      return { customer: grant.scope_customer_id ?? '00000000-0000-0000-0000-000000000000', ...narrowed }
    case 'tag':
      return { tag: grant.scope_tag ?? '', ...narrowed }
    default:
      if (!number) throw badParameter(parameter, `${parameter} is required: this token tracks by number`)
      return narrowed
  }
}

export const includeFor = (grant: EmbedTokenRow, prefix: string) =>
  parseInclude(
    undefined,
    grant.fields.includes('timeline')
      ? [`${prefix}transport_events`, `${prefix}transport_events.location`]
      : prefix
        ? [prefix.slice(0, -1)]
        : [],
  )
