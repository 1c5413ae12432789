import {
  InferNumberDocumentSchema,
  InferNumberRequestSchema,
  TRACKING_REQUEST_STATUSES,
  TrackingRequestCreateSchema,
  TrackingRequestDocumentSchema,
  TrackingRequestListDocumentSchema,
  TrackingRequestPatchSchema,
} from '../../contract/tracking-requests'
import { stageCustomFields } from '../custom-fields/stage-values'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { asDate, asOneOf, asText, includeQuery, optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { isUuid } from '../storage/reference-store'
import { inferNumber } from '../tracking/infer-number'
import { respondWithOne, respondWithPage } from './respond-with'

/** The test carrier the real service offers for trying the API without a real shipment. */
const TEST_SCAC = 'TEST'
const FIRST_LOOKUP_MS = 20_000

const LIST_QUERY = {
  ...pageQuery(),
  ...includeQuery,
  q: optional(asText, 'Request number or reference number, or the start of one'),
  'filter[request_number]': optional(asText),
  'filter[status]': optional(asOneOf(TRACKING_REQUEST_STATUSES)),
  'filter[scac]': optional(asText),
  'filter[created_at][start]': optional(asDate),
  'filter[created_at][end]': optional(asDate),
  'filter[updated_at][start]': optional(asDate),
  'filter[updated_at][end]': optional(asDate),
}

export const trackingRequestRoutes = ({ storage, clock, random }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/tracking_requests',
        summary: 'List tracking requests, newest first',
        query: LIST_QUERY,
        response: TrackingRequestListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await storage.trackingRequests.list(
          c.var.caller.accountId,
          {
            q: query.q,
            requestNumber: query['filter[request_number]'],
            status: query['filter[status]'],
            scac: query['filter[scac]'],
            createdFrom: query['filter[created_at][start]'],
            createdTo: query['filter[created_at][end]'],
            updatedFrom: query['filter[updated_at][start]'],
            updatedTo: query['filter[updated_at][end]'],
          },
          page,
        )
        return respondWithPage(c, storage, 'tracking_request', result, page)
      },
    ),
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
        const updated = await storage.trackingRequests.update(accountId, request.id, {
          ...(refNumbers ? { ref_numbers: [...new Set(refNumbers)] } : {}),
          ...(shipment_tags ? { shipment_tags: [...new Set(shipment_tags)] } : {}),
        })
        return respondWithOne(c, storage, 'tracking_request', updated)
      },
    ),
    route(
      {
        method: 'post',
        path: '/tracking_requests',
        summary: 'Track a bill of lading, booking or container number',
        query: includeQuery,
        body: TrackingRequestCreateSchema,
        response: TrackingRequestDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        // without a scac the line is read off the number after the request is made, as the real service does
        const scac = data.attributes.scac?.toUpperCase() ?? null
        if (!scac && !data.attributes.auto_detect_vocc_scac)
          throw invalidField(
            '/data/attributes/scac',
            'scac is required unless auto_detect_vocc_scac is true',
            'invalid',
          )
        const shippingLine =
          !scac || scac === TEST_SCAC ? undefined : await storage.reference.shippingLineByScac(scac)
        if (scac && scac !== TEST_SCAC && !shippingLine)
          throw invalidField(
            '/data/attributes/scac',
            `'${scac}' is not a shipping line Quayside tracks`,
            'invalid',
          )
        const customerId = data.relationships?.customer?.data.id
        if (
          customerId &&
          !(isUuid(customerId) && (await storage.parties.byIds(accountId, [customerId])).length === 1)
        )
          throw invalidField(
            '/data/relationships/customer/data/id',
            `There is no customer with id ${customerId}`,
            'not_found',
          )
        const requestNumber = data.attributes.request_number.toUpperCase()
        if (scac && (await storage.trackingRequests.findActive(accountId, requestNumber, scac)))
          throw invalidField(
            '/data/attributes/request_number',
            `${requestNumber} is already being tracked with ${scac}`,
            'duplicate',
          )
        const created = await storage.trackingRequests.create({
          account_id: accountId,
          request_number: requestNumber,
          request_type: data.attributes.request_type,
          scac,
          ref_numbers: data.attributes.ref_numbers ?? [],
          shipment_tags: data.attributes.shipment_tags ?? [],
          initial_custom_fields: await stageCustomFields(
            storage,
            accountId,
            data.attributes.initial_custom_fields,
          ),
          customer_id: customerId,
          status: 'pending',
          // the line answers after a little while, as a real one does
          next_attempt_at: new Date(clock.now().getTime() + FIRST_LOOKUP_MS + random() * FIRST_LOOKUP_MS * 3),
        })
        // like the real service, the answer carries the account and the shipping line the request is for
        return respondWithOne(c, storage, 'tracking_request', created, {
          status: 201,
          related: [
            { type: 'account', rows: await storage.parties.accountsByIds(accountId, [accountId]) },
            { type: 'shipping_line', rows: shippingLine ? [shippingLine] : [] },
          ],
        })
      },
    ),
  )
