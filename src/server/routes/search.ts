import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { badParameter } from '../http/problem'
import { respond } from '../http/respond'
import { iso } from '../resources/format'

/** GET /search?query=: one box for bills of lading, container numbers and tracking request numbers. */
export const searchRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const query = c.req.query('query')?.trim()
    if (!query) throw badParameter('query', 'Give a number to search for in query')
    if (query.length > 100) throw badParameter('query', 'query is at most 100 characters')
    const found = await storage.search.byNumber(c.var.caller.accountId, query)
    const data = [
      ...found.shipments.map(({ shipment, containers_count }) => ({
        id: shipment.id,
        type: 'search_result',
        attributes: {
          entity_type: 'shipment',
          number: shipment.bill_of_lading_number,
          shipment_id: null,
          scac: shipment.shipping_line_scac,
          port_of_lading_name: shipment.port_of_lading_name,
          port_of_discharge_name: shipment.port_of_discharge_name,
          containers_count: Number(containers_count),
          tracking_stopped: shipment.line_tracking_stopped_at !== null,
          tracking_stopped_reason: shipment.line_tracking_stopped_reason,
          status: null,
          failed_reason: null,
          ref_numbers: shipment.ref_numbers,
          created_at: iso(shipment.created_at),
          updated_at: iso(shipment.updated_at),
        },
      })),
      ...found.containers.map((container) => ({
        id: container.id,
        type: 'search_result',
        attributes: {
          entity_type: 'cargo',
          number: container.number,
          shipment_id: container.shipment_id,
          status: container.current_status,
          ref_numbers: container.ref_numbers,
          created_at: iso(container.created_at),
          updated_at: iso(container.updated_at),
        },
      })),
      ...found.trackingRequests.map((request) => ({
        id: request.id,
        type: 'search_result',
        attributes: {
          entity_type: 'tracking_request',
          number: request.request_number,
          shipment_id: request.shipment_id,
          scac: request.scac,
          status: request.status,
          failed_reason: request.failed_reason,
          ref_numbers: request.ref_numbers,
          created_at: iso(request.created_at),
          updated_at: iso(request.updated_at),
        },
      })),
    ]
    const self = `/v2/search?query=${encodeURIComponent(query)}`
    return respond(c, {
      data,
      links: { self, current: `/v2/search?page[number]=1&query=${encodeURIComponent(query)}` },
    })
  })
