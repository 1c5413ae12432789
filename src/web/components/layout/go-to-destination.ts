import type { SearchResult } from '../../../contract/search-results'
import { SearchResultListDocumentSchema } from '../../../contract/search-results'
import { api } from '../../api/api-client'

const same = (a: string | null | undefined, b: string) => a?.toUpperCase() === b.toUpperCase()

export function destinationFor(value: string, results: SearchResult[]) {
  const exact = (type: string) =>
    results.filter(
      (r) =>
        r.attributes.entity_type === type &&
        (same(r.attributes.number, value) || (r.attributes.ref_numbers ?? []).some((n) => same(n, value))),
    )
  const [container] = exact('cargo')
  if (container) return `/containers/${container.id}`
  const shipments = exact('shipment')
  // a reference can be shared by several shipments: then the list shows them all
  if (shipments.length === 1) return `/shipments/${shipments[0].id}`
  const [request] = exact('tracking_request')
  if (request)
    return request.attributes.shipment_id
      ? `/shipments/${request.attributes.shipment_id}`
      : `/tracking-requests/${request.id}`
  return `/shipments?q=${encodeURIComponent(value)}`
}

/** A failed search falls back to the shipments list. */
export async function findDestination(value: string) {
  const results = await api
    .get('/search', SearchResultListDocumentSchema, { params: { query: value } })
    .catch(() => undefined)
  return destinationFor(value, results?.data ?? [])
}
