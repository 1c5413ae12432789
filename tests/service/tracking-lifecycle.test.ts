import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds'
import { RESOURCE_SCHEMAS } from '../../src/contract/resource-registry'
import { ShipmentDocumentSchema } from '../../src/contract/shipments'
import { TrackingRequestDocumentSchema } from '../../src/contract/tracking-requests'
import { VesselDocumentSchema } from '../../src/contract/vessels'
import { WebhookDocumentSchema, WebhookNotificationDocumentSchema } from '../../src/contract/webhooks'
import { type createTrackingEngine, planningReferenceLoader } from '../../src/server/tracking/engine'
import { simulatedCarrier } from '../../src/server/tracking/simulated-carrier'
import type { ShipmentPlan } from '../../src/server/tracking/voyage-plan'
import type { createDispatcher } from '../../src/server/webhooks/dispatcher'
import { parseAllowlist } from '../../src/server/webhooks/url-safety'
import { DATABASE_KINDS } from '../support/databases'
import { type Received, startReceiver } from '../support/webhook-receiver'
import { parsed, type Service, startService } from './harness'

const HOUR = 3_600_000
// every status the voyage passes through lasts longer than a step: 3-hour steps took twice the ticks for nothing more
const STEP_HOURS = 6
const DAY = 24 * HOUR
const STATUS_ORDER = [
  'new',
  'loaded',
  'on_ship',
  'awaiting_inland_transfer',
  'on_rail',
  'not_available',
  'grounded',
  'available',
  'picked_up',
  'delivered',
  'dropped',
  'empty_returned',
]

const trackingRequestBody = (number: string, scac: string, requestType = 'bill_of_lading') => ({
  data: { type: 'tracking_request', attributes: { request_type: requestType, request_number: number, scac } },
})

describe.each(DATABASE_KINDS)('a tracking request through a whole voyage on %s', (kind) => {
  let service: Service
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let secret: string
  let engine: ReturnType<typeof createTrackingEngine>
  let dispatcher: ReturnType<typeof createDispatcher>
  let carrier: ReturnType<typeof simulatedCarrier>

  beforeAll(async () => {
    // no demo shipments of its own: the engine advances every one of them at each of the voyage's 330 ticks
    service = await startService(kind, { shipments: 0, webhookAllowlist: ['127.0.0.0/8'] })
    receiver = await startReceiver()
    const created = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: {
            url: receiver.url(),
            events: [...WEBHOOK_EVENT_KINDS],
            headers: [{ name: 'X-Team', value: 'imports' }],
          },
        },
      }),
    })
    secret = parsed(WebhookDocumentSchema, created.body).data.attributes.secret!
    carrier = simulatedCarrier(planningReferenceLoader(service.storage))
    engine = service.engine({ carrier, newId: randomUUID, log: () => undefined })
    dispatcher = service.dispatcher({
      fetch,
      random: Math.random,
      allowlist: parseAllowlist(['127.0.0.0/8']),
    })
  })
  afterAll(async () => {
    await receiver?.stop()
    await service?.stop()
  })

  /** Moves the clock on and lets the engine and the dispatcher do everything that became due. */
  const run = async (ms: number) => {
    service.advance(ms)
    await engine.tick()
    await dispatcher.drain()
  }

  /** A bill of lading the simulated line finds on a lane with a transshipment and a rail leg, not yet sailed. */
  async function numberWithWholeVoyage() {
    for (let n = 100_000; n < 101_000; n++) {
      const number = `MAEU${n}`
      const answer = await carrier.lookup({
        requestId: randomUUID(),
        requestNumber: number,
        requestType: 'bill_of_lading',
        carrier: { scac: 'MAEU', name: 'Maersk', shortName: 'Maersk', prefix: 'MAEU' },
        attempt: 0,
        now: service.clock.now(),
      })
      if (answer.outcome !== 'found') continue
      const plan: ShipmentPlan = answer.plan
      const sailsLater = plan.containers.every(
        (c) => c.milestones[0].at > service.clock.now().getTime() + DAY,
      )
      if (plan.transshipment && plan.inland && sailsLater && plan.containers.length >= 2) return number
    }
    throw new Error('No number in the range plans a whole voyage with a transshipment and a rail leg')
  }

  it('goes from pending to a shipment, through every step, to tracking stopped, telling the webhook each time', {
    timeout: 300_000,
  }, async () => {
    const number = await numberWithWholeVoyage()
    const posted = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify(trackingRequestBody(number, 'MAEU')),
    })
    expect(posted.status).toBe(201)
    const request = parsed(TrackingRequestDocumentSchema, posted.body).data
    expect(request.attributes.status).toBe('pending')
    expect(request.relationships?.tracked_object?.data ?? null).toBeNull()

    const requestStatuses: string[] = [request.attributes.status!]
    const containerStatuses: string[] = []
    const etas = new Set<string>()
    const originalEtas = new Set<string>()
    const lfdBeforeDischarge: (string | null)[] = []
    const lfdAfterDischarge: (string | null)[] = []
    const vesselReports = new Set<string>()
    let shipmentId: string | undefined
    for (let hours = 0; hours < 200 * 24; hours += STEP_HOURS) {
      await run(STEP_HOURS * HOUR)
      const current = parsed(
        TrackingRequestDocumentSchema,
        (await service.get(`/v2/tracking_requests/${request.id}`)).body,
      ).data
      if (requestStatuses.at(-1) !== current.attributes.status)
        requestStatuses.push(current.attributes.status!)
      shipmentId ??= current.relationships?.tracked_object?.data?.id
      if (shipmentId) {
        const shipment = parsed(
          ShipmentDocumentSchema,
          (await service.get(`/v2/shipments/${shipmentId}?include=containers`)).body,
        )
        etas.add(String(shipment.data.attributes.pod_eta_at))
        originalEtas.add(String(shipment.data.attributes.pod_original_eta_at))
        const first = shipment.included!.filter((r) => r.type === 'container')[0]
        const status = String(first.attributes!.current_status)
        const vesselId = shipment.data.relationships?.pod_vessel?.data?.id
        if (status === 'on_ship' && vesselId) {
          const vessel = parsed(
            VesselDocumentSchema,
            (await service.get(`/v2/vessels/${vesselId}`)).body,
          ).data
          const { latitude, longitude, position_timestamp } = vessel.attributes
          vesselReports.add(`${position_timestamp} ${latitude} ${longitude}`)
        }
        if (containerStatuses.at(-1) !== status) containerStatuses.push(status)
        ;(first.attributes!.pod_discharged_at ? lfdAfterDischarge : lfdBeforeDischarge).push(
          (first.attributes!.pickup_lfd as string | null) ?? null,
        )
      }
      if (current.attributes.status === 'tracking_stopped') break
    }

    expect(requestStatuses).toEqual(['pending', 'created', 'tracking_stopped'])
    const ranks = containerStatuses.map((s) => STATUS_ORDER.indexOf(s))
    expect(ranks.every((rank, i) => rank >= 0 && (i === 0 || rank > ranks[i - 1]))).toBe(true)
    expect(containerStatuses).toEqual(
      expect.arrayContaining(['on_ship', 'on_rail', 'available', 'empty_returned']),
    )
    expect(vesselReports.size, 'the vessel reports new positions while it sails').toBeGreaterThan(5)
    expect(etas.size).toBeGreaterThan(1)
    expect(originalEtas.size).toBe(1)
    expect(lfdBeforeDischarge.every((lfd) => lfd === null)).toBe(true)
    expect(lfdAfterDischarge.some((lfd) => lfd !== null)).toBe(true)

    const shipment = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
    expect(shipment.data.attributes.line_tracking_stopped_reason).toBe('all_containers_terminated')
    const containers = parsed(
      ContainerListDocumentSchema,
      (await service.get(`/v2/containers?page[size]=100`)).body,
    ).data.filter((c) => c.relationships?.shipment?.data?.id === shipmentId)

    const mine = receiver.received.filter((r) => aboutShipment(r, shipmentId!, request.id))
    for (const notification of mine) expectSignedAndValid(notification, secret)
    const events = mine.map((r) => r.json.data.attributes.event)
    for (const kind of [
      'tracking_request.succeeded',
      'container.created',
      'shipment.estimated.arrival',
      'container.updated',
      'container.pickup_lfd.changed',
      'container.transport.estimated.arrived_at_inland_destination',
      'tracking_request.tracking_stopped',
    ])
      expect(events, kind).toContain(kind)
    expect(events.filter((e) => e === 'container.created')).toHaveLength(containers.length)

    for (const container of containers) {
      const steps = mine
        .filter((r) => r.json.data.attributes.event.startsWith('container.transport.'))
        .filter((r) => !r.json.data.attributes.event.includes('.estimated.'))
        .map((r) => referenceOf(r))
        .filter((event) => (event.relationships as Relationships).container.data.id === container.id)
        .sort((a, b) => String(a.attributes!.timestamp).localeCompare(String(b.attributes!.timestamp)))
        .map((event) => String(event.attributes!.event).replace('container.transport.', ''))
      expect(steps.slice(0, 4)).toEqual(['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'])
      expect(steps).toEqual(
        expect.arrayContaining([
          'transshipment_arrived',
          'transshipment_discharged',
          'transshipment_loaded',
          'transshipment_departed',
          'vessel_arrived',
          'vessel_berthed',
          'vessel_discharged',
          'rail_loaded',
          'rail_departed',
          'rail_arrived',
          'rail_unloaded',
          'available',
          'full_out',
        ]),
      )
      expect(steps.at(-1)).toBe('empty_in')
      expect(new Set(steps).size).toBe(steps.length)
    }

    const ids = mine.map((r) => r.json.data.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids.slice(0, 20)) {
      const stored = await service.get(`/v2/webhook_notifications/${id}?include=webhook_notification_logs`)
      expect(stored.status).toBe(200)
      expect(stored.body.data.attributes.delivery_status).toBe('succeeded')
      expect(
        stored.body.included.filter((r: { type: string }) => r.type === 'webhook_notification_log'),
      ).toHaveLength(1)
    }
  })

  it('fails a request the line does not know, and tells the webhook why', { timeout: 60_000 }, async () => {
    const posted = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify(trackingRequestBody('TEST-TR-FAILED', 'TEST')),
    })
    const id = parsed(TrackingRequestDocumentSchema, posted.body).data.id
    await run(2 * 60_000)
    await run(2 * 60_000)
    const request = parsed(
      TrackingRequestDocumentSchema,
      (await service.get(`/v2/tracking_requests/${id}`)).body,
    )
    expect(request.data.attributes).toMatchObject({ status: 'failed', failed_reason: 'not_found' })
    const told = receiver.received.filter((r) => referenceOf(r).id === id)
    expect(told.map((r) => r.json.data.attributes.event)).toEqual(['tracking_request.failed'])
    expectSignedAndValid(told[0], secret)
  })

  it('succeeds with the test number, and fails a container number whose check digit is wrong', {
    timeout: 60_000,
  }, async () => {
    const ok = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify(trackingRequestBody('TEST-TR-SUCCEEDED', 'TEST')),
    })
    const bad = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify(trackingRequestBody('MSKU1234560', 'MAEU', 'container')),
    })
    await run(2 * 60_000)
    await run(2 * 60_000)
    const succeeded = await service.get(`/v2/tracking_requests/${ok.body.data.id}?include=tracked_object`)
    expect(succeeded.body.data.attributes.status).toBe('created')
    expect(succeeded.body.included[0]).toMatchObject({
      type: 'shipment',
      attributes: { shipping_line_scac: 'TEST' },
    })
    const failed = await service.get(`/v2/tracking_requests/${bad.body.data.id}`)
    expect(failed.body.data.attributes).toMatchObject({ status: 'failed', failed_reason: 'invalid_number' })
  })

  it('waits for the manifest when the line has not published it, then finds the shipment', {
    timeout: 60_000,
  }, async () => {
    let number: string | undefined
    for (let n = 200_000; n < 201_000 && !number; n++) {
      const lookup = (attempt: number) =>
        carrier.lookup({
          requestId: randomUUID(),
          requestNumber: `HLCU${n}`,
          requestType: 'bill_of_lading',
          carrier: { scac: 'HLCU', name: 'Hapag-Lloyd', shortName: 'Hapag-Lloyd', prefix: 'HLCU' },
          attempt,
          now: service.clock.now(),
        })
      const answer = await lookup(0)
      const second = await lookup(1)
      if (answer.outcome === 'awaiting_manifest' && second.outcome === 'found') number = `HLCU${n}`
    }
    const posted = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify(trackingRequestBody(number!, 'HLCU')),
    })
    const id = posted.body.data.id as string
    await run(2 * 60_000)
    await run(2 * 60_000)
    expect((await service.get(`/v2/tracking_requests/${id}`)).body.data.attributes.status).toBe(
      'awaiting_manifest',
    )
    await run(6 * HOUR)
    const found = (await service.get(`/v2/tracking_requests/${id}`)).body.data
    expect(found.attributes.status).toBe('created')
    expect(found.relationships.tracked_object.data.type).toBe('shipment')
    const events = receiver.received
      .filter((r) => referenceOf(r).id === id)
      .map((r) => r.json.data.attributes.event)
    expect(events).toEqual(['tracking_request.awaiting_manifest', 'tracking_request.succeeded'])
  })
})

type Relationships = Record<string, { data: { id: string; type: string } }>

const referenceOf = (received: Received) => {
  const reference = (received.json.data as unknown as { relationships: Relationships }).relationships
    .reference_object.data
  const object = received.json.included?.find((r) => r.type === reference.type && r.id === reference.id)
  return { ...(object ?? { id: reference.id, type: reference.type }) } as {
    id: string
    type: string
    attributes?: Record<string, unknown>
    relationships?: unknown
  }
}

const aboutShipment = (received: Received, shipmentId: string, requestId: string) => {
  const reference = referenceOf(received)
  if (reference.id === requestId) return true
  return (reference.relationships as Relationships | undefined)?.shipment?.data?.id === shipmentId
}

/** Checks both signatures against the raw body, the custom header, and the body against the contract. */
function expectSignedAndValid(received: Received, secret: string) {
  expect(received.headers['x-t49-webhook-signature']).toBe(
    createHmac('sha256', secret).update(received.body).digest('hex'),
  )
  const signed = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`
  expect(received.headers['webhook-signature']).toBe(
    `v1,${createHmac('sha256', Buffer.from(secret)).update(signed).digest('base64')}`,
  )
  expect(received.headers['webhook-id']).toBe(received.json.data.id)
  expect(received.headers['x-team']).toBe('imports')
  const document = parsed(WebhookNotificationDocumentSchema, received.json)
  for (const resource of document.included ?? []) parsed(RESOURCE_SCHEMAS[resource.type], resource)
  expect(referenceOf(received).attributes, 'the reference object is included').toBeDefined()
}
