import {
  InferNumberDocumentSchema,
  InferNumberRequestSchema,
  TrackingRequestDocumentSchema,
  TrackingRequestPatchSchema,
} from '../../contract/tracking-requests'
import type { Deps } from '../deps'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { inferNumber } from '../tracking/infer-number'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'
import { respondWithOne } from './respond-with'
import { trackingRequestCreateRoute } from './tracking-request-create'
import { trackingRequestListRoute } from './tracking-request-list'

export const trackingRequestRoutes = ({ storage, clock, random }: Deps) =>
  routes(
    trackingRequestListRoute(storage),
    route(
      {
        method: 'post',
        path: '/tracking_requests/infer_number',
        summary: 'Infer the number type and shipping line from a number',
        body: InferNumberRequestSchema,
        response: InferNumberDocumentSchema,
      },
      async (c, { body }) => {
        const attributes = inferNumber(body.number, await storage.reference.shippingLines())
        return respond(c, { data: { id: crypto.randomUUID(), type: 'infer_number_results', attributes } })
      },
    ),
    route(
      {
        method: 'get',
        path: '/tracking_requests/:id',
        summary: 'Get a tracking request',
        query: includeQuery,
        response: TrackingRequestDocumentSchema,
      },
      async (c) => {
        const request = await storage.trackingRequests.get(
          c.var.caller.accountId,
          requireUuid(c.req.param('id'), 'tracking request'),
        )
        if (!request) throw notFound('tracking request', c.req.param('id'))
        return respondWithOne(c, storage, 'tracking_request', request)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/tracking_requests/:id',
        summary: "Edit a tracking request's reference numbers and tags",
        query: includeQuery,
        body: TrackingRequestPatchSchema,
        response: TrackingRequestDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const request = await storage.trackingRequests.get(
          accountId,
          requireUuid(c.req.param('id'), 'tracking request'),
        )
        if (!request) throw notFound('tracking request', c.req.param('id'))
        const { ref_number, ref_numbers, shipment_tags } = data.attributes
        const refNumbers = ref_numbers ?? (ref_number === undefined ? undefined : [ref_number])
        const changes = {
          ...(refNumbers ? { ref_numbers: [...new Set(refNumbers)] } : {}),
          ...(shipment_tags ? { shipment_tags: [...new Set(shipment_tags)] } : {}),
        }
        const updated = await storage.transaction(async (stores) => {
          const row = await stores.trackingRequests.update(accountId, request.id, changes)
          const changed = row && changedFields(request, row, Object.keys(changes))
          if (changed)
            await stores.audit.record(auditActor(c), {
              accountId,
              action: 'tracking_request.updated',
              target: { type: 'tracking_request', id: row.id, label: row.request_number },
              ...changed,
            })
          return row
        })
        return respondWithOne(c, storage, 'tracking_request', updated)
      },
    ),
    trackingRequestCreateRoute({ storage, clock, random }),
  )
