import type { Stores } from '../storage/storage'
import type { TrackingRequest } from '../storage/tracking-request-store'
import { type Announcement, notify } from '../webhooks/notify'
import type { CarrierAnswer } from './carrier-adapter'
import { materialize } from './materialize'
import { stableUuid } from './stable-id'
import type { ShipmentPlan } from './voyage-plan'

async function setStagedCustomFields(stores: Stores, request: TrackingRequest, plan: ShipmentPlan) {
  for (const staged of request.initial_custom_fields) {
    const targets =
      staged.entity === 'shipment'
        ? [{ type: 'Shipment', id: plan.shipmentId }]
        : plan.containers
            .filter((container) => !staged.number || container.number === staged.number)
            .map((container) => ({ type: 'Cargo', id: container.id }))
    for (const target of targets)
      await stores.customFields.upsertValue({
        account_id: request.account_id,
        definition_id: staged.definition_id,
        entity_type: target.type,
        entity_id: target.id,
        api_slug: staged.api_slug,
        value: staged.value,
        display_value: staged.display_value,
      })
  }
}

/** A found shipment's history is not announced. */
export async function applyCarrierAnswer(
  stores: Stores,
  request: TrackingRequest,
  answer: CarrierAnswer,
  now: Date,
  newId: () => string,
) {
  const accountId = request.account_id
  const reference = { type: 'tracking_request', id: request.id }
  const attempts = request.attempts + 1
  const announcements: Announcement[] = []
  if (answer.outcome === 'failed') {
    await stores.tracking.updateTrackingRequest(request.id, {
      status: 'failed',
      failed_reason: answer.reason,
      attempts,
      next_attempt_at: null,
      updated_at: now,
    })
    announcements.push({ event: 'tracking_request.failed', reference })
  } else if (answer.outcome === 'awaiting_manifest') {
    await stores.tracking.updateTrackingRequest(request.id, {
      status: 'awaiting_manifest',
      attempts,
      next_attempt_at: answer.retryAt,
      updated_at: now,
    })
    if (request.status !== 'awaiting_manifest')
      announcements.push({ event: 'tracking_request.awaiting_manifest', reference })
  } else {
    const { plan } = answer
    const [customer] = request.customer_id ? await stores.parties.byIds(accountId, [request.customer_id]) : []
    const world = materialize(
      plan,
      {
        accountId,
        trackingRequestId: request.id,
        customer: customer ? { id: customer.id, name: customer.company_name } : null,
        refNumbers: request.ref_numbers,
        tags: request.shipment_tags,
      },
      now,
    )
    await stores.tracking.insertShipment(
      { ...world.shipment, created_at: now },
      world.containers.map((c) => ({ ...c, created_at: now })),
    )
    await stores.tracking.insertNewTransportEvents(world.transportEvents)
    await stores.tracking.upsertRawEvents(world.rawEvents)
    const created = plan.containers.map((container, index) => ({
      id: stableUuid(plan.seed, 'container_created', index),
      account_id: accountId,
      type: 'container_created_event',
      event: 'container.created',
      shipment_id: plan.shipmentId,
      container_id: container.id,
      created_at: now,
      attributes: { timestamp: now.toISOString(), data_source: 'shipping_line', timezone: 'Etc/UTC' },
    }))
    await stores.tracking.insertNewChangeEvents([...world.changeEvents, ...created])
    await setStagedCustomFields(stores, request, plan)
    await stores.tracking.updateTrackingRequest(request.id, {
      status: 'created',
      failed_reason: null,
      shipment_id: plan.shipmentId,
      attempts,
      next_attempt_at: null,
      updated_at: now,
    })
    announcements.push(
      { event: 'tracking_request.succeeded', reference },
      ...created.map((c) => ({ event: c.event, reference: { type: c.type, id: c.id } })),
    )
  }
  return notify(stores, accountId, now, announcements, newId)
}
