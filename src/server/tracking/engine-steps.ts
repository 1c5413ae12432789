import type { Storage } from '../storage/storage'
import { advanceShipment } from './advance-shipment'
import type { CarrierAdapter, CarrierAnswer } from './carrier-adapter'
import { inferNumber } from './infer-number'
import type { Carrier } from './plan-shipment'
import { applyCarrierAnswer } from './resolve-request'

const HOUR = 3_600_000
export const BATCH = 200
const TEST_CARRIER: Carrier = { scac: 'TEST', name: 'Test Shipping Line', shortName: 'TEST', prefix: 'TEST' }

export type StepDeps = {
  storage: Storage
  carrier: CarrierAdapter
  newId: () => string
  onAccountChanged?: (accountId: string) => void
  log: (message: string) => void
}

type TrackingRequestRow = NonNullable<Awaited<ReturnType<Storage['tracking']['trackingRequest']>>>

async function detectScac(storage: Storage, number: string) {
  const guess = inferNumber(number, await storage.reference.shippingLines()).shipping_line
  return guess.decision === 'auto_select' ? (guess.selected?.scac ?? null) : null
}

/** A request made with auto_detect_vocc_scac is read off its number first. */
async function askTheLine({ storage, carrier }: StepDeps, request: TrackingRequestRow, now: Date) {
  const scac = request.scac ?? (await detectScac(storage, request.request_number))
  const line = !scac || scac === 'TEST' ? undefined : await storage.reference.shippingLineByScac(scac)
  const answer: CarrierAnswer = !scac
    ? { outcome: 'failed', reason: 'scac_auto_detect_failed' }
    : await carrier.lookup({
        requestId: request.id,
        requestNumber: request.request_number,
        requestType: request.request_type,
        carrier: line
          ? {
              scac: line.scac,
              name: line.name,
              shortName: line.short_name,
              prefix: line.bill_of_lading_prefix,
            }
          : TEST_CARRIER,
        attempt: request.attempts,
        now,
      })
  return { scac, answer }
}

async function resolveRequest(deps: StepDeps, id: string, now: Date) {
  const { storage, newId } = deps
  const request = await storage.tracking.trackingRequest(id)
  if (!request) return 0
  const { scac, answer } = await askTheLine(deps, request, now)
  const notifications = await storage.transaction(async (stores) => {
    const locked = await stores.tracking.lockDueTrackingRequest(id, now)
    if (!locked || locked.attempts !== request.attempts) return 0
    if (scac && !locked.scac) await stores.tracking.updateTrackingRequest(id, { scac })
    return applyCarrierAnswer(stores, { ...locked, scac }, answer, now, newId)
  })
  deps.onAccountChanged?.(request.account_id)
  return notifications
}

/** One that fails is tried again in an hour. */
export async function resolveRequests(deps: StepDeps, now: Date) {
  let notifications = 0
  const ids = await deps.storage.tracking.dueTrackingRequestIds(now, BATCH)
  for (const id of ids) {
    try {
      notifications += await resolveRequest(deps, id, now)
    } catch (error) {
      deps.log(`Tracking request ${id} could not be resolved: ${(error as Error).message}`)
      await deps.storage.tracking.updateTrackingRequest(id, {
        next_attempt_at: new Date(now.getTime() + HOUR),
      })
    }
  }
  return { count: ids.length, notifications }
}

/** One that fails is tried again in an hour. */
export async function advanceShipments({ storage, newId, onAccountChanged, log }: StepDeps, now: Date) {
  let notifications = 0
  const changed = new Set<string>()
  const ids = await storage.tracking.dueShipmentIds(now, BATCH)
  for (const id of ids) {
    try {
      notifications += await storage.transaction(async (stores) => {
        const shipment = await stores.tracking.lockDueShipment(id, now)
        if (!shipment) return 0
        const written = await advanceShipment(stores, shipment, now, newId)
        changed.add(shipment.account_id)
        return written
      })
    } catch (error) {
      log(`Shipment ${id} could not be advanced: ${(error as Error).message}`)
      await storage.tracking.updateShipment(id, { next_update_at: new Date(now.getTime() + HOUR) })
    }
  }
  for (const accountId of changed) onAccountChanged?.(accountId)
  return { count: ids.length, notifications }
}
