import { iso } from '../storage/iso-time'
import type { TrackingRequest } from '../storage/tracking-request-store'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

export const trackingRequestResource: ResourceDefinition<TrackingRequest> = {
  type: 'tracking_request',
  self: (row) => `/v2/tracking_requests/${row.id}`,
  attributes: (row) => ({
    request_number: row.request_number,
    request_type: row.request_type,
    scac: row.scac,
    ref_numbers: row.ref_numbers,
    shipment_tags: row.shipment_tags,
    tags: row.shipment_tags,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    status: row.status,
    failed_reason: row.failed_reason,
    is_retrying: row.status === 'awaiting_manifest',
    retry_count: row.attempts,
  }),
  relationships: {
    tracked_object: { kind: 'one', target: 'shipment', key: (row) => row.shipment_id },
    customer: { kind: 'one', target: 'party', key: (row) => row.customer_id },
    user: { kind: 'one', target: 'user', key: (row) => row.user_id },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.trackingRequests.byIds(ctx.accountId, ids),
}
