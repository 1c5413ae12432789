import { TRACKING_REQUEST_LIST } from '../../contract/tracking-request-list-query'
import { TrackingRequestListDocumentSchema } from '../../contract/tracking-requests'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams } from '../http/pagination'
import { includeQuery } from '../http/query-params'
import { route } from '../http/route'
import type { Storage } from '../storage/storage'
import { TRACKING_REQUEST_DESCRIPTIONS } from './list-descriptions'
import { respondWithPage } from './respond-with'

/** `GET /v2/tracking_requests`: one page, by the contract's `TRACKING_REQUEST_LIST`. */
export const trackingRequestListRoute = (storage: Storage) =>
  route(
    {
      method: 'get',
      path: '/tracking_requests',
      summary: 'List tracking requests, newest first',
      query: {
        ...pageParams(TRACKING_REQUEST_LIST.page),
        ...includeQuery,
        ...filterParams(TRACKING_REQUEST_LIST, TRACKING_REQUEST_DESCRIPTIONS),
      },
      response: TrackingRequestListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const filters = filtersOf(TRACKING_REQUEST_LIST, query)
      const result = await storage.trackingRequests.list(c.var.caller.accountId, filters, page)
      return respondWithPage(c, storage, 'tracking_request', result, page)
    },
  )
