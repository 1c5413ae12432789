import { Hono } from 'hono'
import {
  InferNumberRequestSchema,
  TRACKING_REQUEST_STATUSES,
  TrackingRequestCreateSchema,
} from '../../contract/tracking-requests'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { dateParameter, requireUuid } from '../http/params'
import { badParameter, invalidField, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respond } from '../http/respond'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { isUuid } from '../storage/reference-store'
import { inferNumber } from '../tracking/infer-number'

/** The test carrier the real service offers for trying the API without a real shipment. */
const TEST_SCAC = 'TEST'
const FIRST_LOOKUP_MS = 20_000

export const trackingRequestRoutes = ({ storage, clock, random }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = (name: string) => c.req.query(name)
      const page = readPage(query)
      const status = query('filter[status]')
      if (status && !(TRACKING_REQUEST_STATUSES as readonly string[]).includes(status))
        throw badParameter(
          'filter[status]',
          `filter[status] must be one of ${TRACKING_REQUEST_STATUSES.join(', ')}`,
        )
      const result = await storage.trackingRequests.list(
        c.var.caller.accountId,
        {
          q: query('q'),
          requestNumber: query('filter[request_number]'),
          status,
          scac: query('filter[scac]'),
          createdFrom: dateParameter('filter[created_at][start]', query('filter[created_at][start]')),
          createdTo: dateParameter('filter[created_at][end]', query('filter[created_at][end]')),
        },
        page,
      )
      return respondWithPage(c, storage, 'tracking_request', result, page)
    })
    .post('/infer_number', async (c) => {
      const body = await readBody(c, InferNumberRequestSchema)
      const attributes = inferNumber(body.number, await storage.reference.shippingLines())
      return respond(c, { data: { id: crypto.randomUUID(), type: 'infer_number_results', attributes } })
    })
    .get('/:id', async (c) => {
      const request = await storage.trackingRequests.get(
        c.var.caller.accountId,
        requireUuid(c.req.param('id'), 'tracking request'),
      )
      if (!request) throw notFound('tracking request', c.req.param('id'))
      return respondWithOne(c, storage, 'tracking_request', request)
    })
    .post('/', async (c) => {
      const { data } = await readBody(c, TrackingRequestCreateSchema)
      const accountId = c.var.caller.accountId
      const scac = data.attributes.scac.toUpperCase()
      if (scac !== TEST_SCAC && !(await storage.reference.shippingLineByScac(scac)))
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
      if (await storage.trackingRequests.findActive(accountId, requestNumber, scac))
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
        customer_id: customerId,
        status: 'pending',
        // the line answers after a little while, as a real one does
        next_attempt_at: new Date(clock.now().getTime() + FIRST_LOOKUP_MS + random() * FIRST_LOOKUP_MS * 3),
      })
      return respondWithOne(c, storage, 'tracking_request', created, { status: 201 })
    })
