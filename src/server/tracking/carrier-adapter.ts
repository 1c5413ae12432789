import type { FAILED_REASONS, REQUEST_TYPES } from '../../contract/tracking-requests'
import type { Carrier } from './plan-shipment'
import type { ShipmentPlan } from './voyage-plan'

export type CarrierLookup = {
  requestId: string
  requestNumber: string
  requestType: (typeof REQUEST_TYPES)[number] | string
  carrier: Carrier
  attempt: number
  now: Date
}

export type CarrierAnswer =
  | { outcome: 'found'; plan: ShipmentPlan }
  | { outcome: 'awaiting_manifest'; retryAt: Date }
  | { outcome: 'failed'; reason: (typeof FAILED_REASONS)[number] }

type RefreshRequest = {
  scac: string
  billOfLading: string
  containerNumber: string
  byRail: boolean
  now: Date
}

type RefreshAnswer = { sources: string[] }

/** A real integration plugs in with the same answers. */
export type CarrierAdapter = {
  lookup: (request: CarrierLookup) => Promise<CarrierAnswer>
  refresh: (request: RefreshRequest) => Promise<RefreshAnswer>
}
