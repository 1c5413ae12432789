import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { badParameter } from '../http/problem'
import { respond } from '../http/respond'
import { iso } from '../resources/format'

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

/**
 * GET /search?query=: one box for bills of lading, container numbers and tracking request numbers.
 * Shipments come first, then containers, then tracking requests, each newest first.
 */
export const searchRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const query = c.req.query('query')?.trim()
    if (!query) throw badParameter('query', 'Give a number to search for in query')
    if (query.length > 100) throw badParameter('query', 'query is at most 100 characters')
    const found = await storage.search.byNumber(c.var.caller.accountId, query)
    // every hit carries every key, null where it does not apply, as the real service sends them
    const hit = (id: string, attributes: Partial<Record<(typeof KEYS)[number], unknown>>) => ({
      id,
      type: 'search_result',
      attributes: { ...BLANK, ...attributes },
    })
    const data = [
      ...found.shipments.map(({ shipment, containers_count }) =>
        hit(shipment.id, {
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
        }),
      ),
      ...found.containers.map((container) =>
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
      ),
      ...found.trackingRequests.map((request) =>
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
      ),
    ]
    const self = `/v2/search?query=${encodeURIComponent(query)}`
    return respond(c, {
      data,
      links: { self, current: `/v2/search?page[number]=1&query=${encodeURIComponent(query)}` },
    })
  })
