import type { z } from 'zod/mini'
import { TrackingRequestCreateSchema, TrackingRequestDocumentSchema } from '../../contract/tracking-requests'
import { stageCustomFields } from '../custom-fields/stage-values'
import type { Deps } from '../deps'
import { invalidField } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route } from '../http/route'
import { isUuid } from '../storage/reference-store'
import type { Storage } from '../storage/storage'
import { auditActor } from './audit-actor'
import { respondWithOne } from './respond-with'

/** The test carrier the real service offers for trying the API without a real shipment. */
const TEST_SCAC = 'TEST'
const FIRST_LOOKUP_MS = 20_000

type CreateBody = z.output<typeof TrackingRequestCreateSchema>

/** The request's line and customer, refused with a pointer when Quayside does not know them or tracks it already. */
async function checkedParties(storage: Storage, accountId: string, { data }: CreateBody) {
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
    throw invalidField('/data/attributes/scac', `'${scac}' is not a shipping line Quayside tracks`, 'invalid')
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
  return { scac, shippingLine, customerId, requestNumber }
}

/** `POST /v2/tracking_requests`: track a number, answered with the account and the line it is for. */
export const trackingRequestCreateRoute = ({
  storage,
  clock,
  random,
}: Pick<Deps, 'storage' | 'clock' | 'random'>) =>
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
    async (c, { body }) => {
      const accountId = c.var.caller.accountId
      const { data } = body
      const { scac, shippingLine, customerId, requestNumber } = await checkedParties(storage, accountId, body)
      const initialCustomFields = await stageCustomFields(
        storage,
        accountId,
        data.attributes.initial_custom_fields,
      )
      const values = {
        account_id: accountId,
        request_number: requestNumber,
        request_type: data.attributes.request_type,
        scac,
        ref_numbers: data.attributes.ref_numbers ?? [],
        shipment_tags: data.attributes.shipment_tags ?? [],
        initial_custom_fields: initialCustomFields,
        customer_id: customerId,
        status: 'pending',
        // the line answers after a little while, as a real one does
        next_attempt_at: new Date(clock.now().getTime() + FIRST_LOOKUP_MS + random() * FIRST_LOOKUP_MS * 3),
      } as const
      const created = await storage.transaction(async (stores) => {
        const row = await stores.trackingRequests.create(values)
        await stores.audit.record(auditActor(c), {
          accountId,
          action: 'tracking_request.created',
          target: { type: 'tracking_request', id: row.id, label: row.request_number },
          after: {
            request_number: row.request_number,
            request_type: row.request_type,
            scac: row.scac,
            ref_numbers: row.ref_numbers,
            shipment_tags: row.shipment_tags,
            customer_id: row.customer_id,
          },
        })
        return row
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
  )
