import {
  ShipmentDocumentSchema,
  ShipmentListDocumentSchema,
  ShipmentPatchSchema,
} from '../../contract/shipments'
import type { Deps } from '../app'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { asBoolean, asText, asUuid, includeQuery, optional, refuse } from '../http/query-params'
import { route, routes } from '../http/route'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { SHIPMENT_SORT_FIELDS, type ShipmentSort } from '../storage/shipment-store'

/** `sort=pod_eta_at` or `sort=-pod_eta_at`, as JSON:API spells it; one field at a time. */
const asSort = (raw: string): ShipmentSort | ReturnType<typeof refuse> => {
  const field = raw.replace(/^-/, '')
  if (!Object.hasOwn(SHIPMENT_SORT_FIELDS, field))
    return refuse(`must be one of ${Object.keys(SHIPMENT_SORT_FIELDS).join(', ')}, optionally after -`)
  return { field: field as ShipmentSort['field'], descending: raw.startsWith('-') }
}

const LIST_QUERY = {
  ...pageQuery(),
  ...includeQuery,
  q: optional(asText, 'Bill of lading, reference or container number, or the start of one'),
  number: optional(asText, 'The number of the tracking request the shipment came from'),
  'filter[tracking_stopped]': optional(asBoolean, 'Only shipments whose tracking has (not) stopped'),
  'filter[shipping_line_scac]': optional(asText),
  'filter[port_of_lading_locode]': optional(asText),
  'filter[port_of_discharge_locode]': optional(asText),
  'filter[customer_id]': optional(asUuid),
  'filter[tags]': optional(asText, 'Shipments carrying this tag'),
  sort: optional(
    asSort,
    `One of ${Object.keys(SHIPMENT_SORT_FIELDS).join(', ')}; a leading - for descending`,
  ),
}

export const shipmentRoutes = ({ storage, clock }: Deps) => {
  const find = async (accountId: string, id: string) => {
    const shipment = await storage.shipments.get(accountId, requireUuid(id, 'shipment'))
    if (!shipment) throw notFound('shipment', id)
    return shipment
  }
  return routes(
    route(
      {
        method: 'get',
        path: '/shipments',
        summary: 'List shipments, newest first',
        query: LIST_QUERY,
        response: ShipmentListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await storage.shipments.list(
          c.var.caller.accountId,
          {
            q: query.q,
            number: query.number,
            trackingStopped: query['filter[tracking_stopped]'],
            scac: query['filter[shipping_line_scac]'],
            polLocode: query['filter[port_of_lading_locode]'],
            podLocode: query['filter[port_of_discharge_locode]'],
            customerId: query['filter[customer_id]'],
            tag: query['filter[tags]'],
          },
          page,
          query.sort,
        )
        return respondWithPage(c, storage, 'shipment', result, page)
      },
    ),
    route(
      {
        method: 'get',
        path: '/shipments/:id',
        summary: 'Get a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) =>
        respondWithOne(c, storage, 'shipment', await find(c.var.caller.accountId, c.req.param('id'))),
    ),
    route(
      {
        method: 'patch',
        path: '/shipments/:id',
        summary: 'Edit reference numbers and tags',
        query: includeQuery,
        body: ShipmentPatchSchema,
        response: ShipmentDocumentSchema,
      },
      async (c, { body }) => {
        const shipment = await find(c.var.caller.accountId, c.req.param('id'))
        const updated = await storage.transaction(async (stores) => {
          const row = await stores.shipments.update(
            c.var.caller.accountId,
            shipment.id,
            body.data.attributes ?? {},
          )
          await stores.shipments.refreshSearchNumbers(c.var.caller.accountId, shipment.id)
          return row
        })
        return respondWithOne(c, storage, 'shipment', updated)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/shipments/:id/stop_tracking',
        summary: 'Stop tracking a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) => {
        const shipment = await find(c.var.caller.accountId, c.req.param('id'))
        const updated = shipment.line_tracking_stopped_at
          ? shipment
          : await storage.shipments.update(c.var.caller.accountId, shipment.id, {
              line_tracking_stopped_at: clock.now(),
              line_tracking_stopped_reason: 'cancelled_by_user',
              next_update_at: null,
            })
        return respondWithOne(c, storage, 'shipment', updated)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/shipments/:id/resume_tracking',
        summary: 'Resume tracking a shipment',
        query: includeQuery,
        response: ShipmentDocumentSchema,
      },
      async (c) => {
        const shipment = await find(c.var.caller.accountId, c.req.param('id'))
        const updated = await storage.shipments.update(c.var.caller.accountId, shipment.id, {
          line_tracking_stopped_at: null,
          line_tracking_stopped_reason: null,
          next_update_at: clock.now(),
        })
        return respondWithOne(c, storage, 'shipment', updated)
      },
    ),
  )
}
