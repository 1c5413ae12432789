import { SearchResultListDocumentSchema } from '../../contract/search-results'
import type { Deps } from '../deps'
import { refuse, required } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import { partyScope } from './party-scope'
import { selfLink } from './respond-with'

const KEYS = [
  'entity_type',
  'number',
  'shipment_id',
  'scac',
  'port_of_lading_name',
  'port_of_discharge_name',
  'containers_count',
  'tracking_stopped',
  'tracking_stopped_reason',
  'status',
  'failed_reason',
  'ref_numbers',
  'created_at',
  'updated_at',
] as const
const BLANK = Object.fromEntries(KEYS.map((key) => [key, null]))

const asSearchText = (raw: string) => {
  const text = raw.trim()
  if (!text) return refuse('must give a number to search for')
  return text.length > 100 ? refuse('must be at most 100 characters') : text
}

// as the real service sends them
const hit = (
  id: string,
  attributes: Partial<Record<(typeof KEYS)[number], unknown>>,
  matched?: { on: string; text: string },
) => ({
  id,
  type: 'search_result',
  attributes: { ...BLANK, ...attributes },
  ...(matched ? { meta: { matched_on: matched.on, matched_text: matched.text } } : {}),
})

type Found = Awaited<ReturnType<Deps['storage']['search']['byNumber']>>

const shipmentHits = (found: Found) =>
  found.shipments.map(({ shipment, containers_count, matched }) =>
    hit(
      shipment.id,
      {
        entity_type: 'shipment',
        number: shipment.bill_of_lading_number,
        scac: shipment.shipping_line_scac,
        port_of_lading_name: shipment.port_of_lading_name,
        port_of_discharge_name: shipment.port_of_discharge_name,
        containers_count: Number(containers_count),
        tracking_stopped: shipment.line_tracking_stopped_at !== null,
        tracking_stopped_reason: shipment.line_tracking_stopped_reason,
        ref_numbers: shipment.ref_numbers,
        created_at: iso(shipment.created_at),
        updated_at: iso(shipment.updated_at),
      },
      matched,
    ),
  )

const containerHits = (found: Found) =>
  found.containers.map((container) =>
    hit(container.id, {
      entity_type: 'cargo',
      number: container.number,
      shipment_id: container.shipment_id,
      scac: container.scac,
      status: container.current_status,
      ref_numbers: container.ref_numbers,
      created_at: iso(container.created_at),
      updated_at: iso(container.updated_at),
    }),
  )

const trackingRequestHits = (found: Found) =>
  found.trackingRequests.map((request) =>
    hit(request.id, {
      entity_type: 'tracking_request',
      number: request.request_number,
      shipment_id: request.shipment_id,
      scac: request.scac,
      status: request.status,
      failed_reason: request.failed_reason,
      ref_numbers: request.ref_numbers,
      created_at: iso(request.created_at),
      updated_at: iso(request.updated_at),
    }),
  )

export const searchRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/search',
        customer: 'party-scoped',
        summary:
          'Find shipments, containers and tracking requests by number, part of one, customer or vessel',
        query: {
          query: required(
            asSearchText,
            'A bill of lading, container, booking or reference number, part of one, a customer or a vessel',
          ),
        },
        response: SearchResultListDocumentSchema,
      },
      async (c, { query: { query } }) => {
        const found = await storage.search.byNumber(
          c.var.caller.accountId,
          query,
          partyScope(c, c.var.caller),
        )
        const data = [...shipmentHits(found), ...containerHits(found), ...trackingRequestHits(found)]
        const current = `${c.var.publicUrl}/v2/search?page[number]=1&query=${encodeURIComponent(query)}`
        return respond(c, { data, links: { self: selfLink(c), current } })
      },
    ),
  )
