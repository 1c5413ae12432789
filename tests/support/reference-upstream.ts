import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { freePort } from './server-process'

/**
 * A Terminal49-shaped upstream made from the reference document alone: ../shared/reference/terminal49's
 * openapi.json examples and the live responses there, cloned into `shipments` shipments. It knows none of
 * Quayside's extensions (no /account, no board counts, no `source`), answers only the reference's paths,
 * and counts every request. Prism cannot be this upstream: it refuses the document (a $ref to a missing
 * `user` schema) and is stateless, so a registered webhook has no secret and nothing can be deleted.
 */

type Resource = {
  id: string
  type: string
  attributes: Record<string, unknown>
  relationships: Record<string, { data: unknown }>
}
const REFERENCE = join(import.meta.dirname, '../../../shared/reference/terminal49')
const read = (path: string) => JSON.parse(readFileSync(join(REFERENCE, path), 'utf8'))
const example = (spec: ReturnType<typeof read>, path: string, name: string) =>
  spec.paths[path].get.responses['200'].content['application/json'].examples[name].value

/** The reference's own resources, the templates every clone is made from. */
function templates() {
  const spec = read('openapi.json')
  return {
    shipments: example(spec, '/shipments', 'En-route to NY with inland move').data as Resource[],
    container: read('live-responses/containers.get.json').data as Resource,
    rawEvent: read('live-responses/containers.raw-events.json').data[0] as Resource,
    transportEvent: example(spec, '/containers/{id}/transport_events', 'Example transport events')
      .data[0] as Resource,
    vessel: read('live-responses/vessels.get-by-imo.json').data as Resource,
    parties: read('live-responses/parties.list.json').data as Resource[],
  }
}

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
const link = (type: string, id: string) => ({ data: { id, type } })

/** One upstream shipment at sea (odd) or discharged (even), with its container, vessel and events. */
function cloneShipment(t: ReturnType<typeof templates>, index: number, vesselId: string, now: number) {
  const base = t.shipments[index % t.shipments.length]
  const atSea = index % 2 === 1
  const id = randomUUID()
  const containerId = randomUUID()
  const departed = now - 10 * DAY
  const eta = atSea ? now + 3 * DAY : now - 2 * DAY
  const attributes: Record<string, unknown> = {
    ...base.attributes,
    bill_of_lading_number: `REF${String(index).padStart(9, '0')}`,
    normalized_number: String(index).padStart(9, '0'),
    pol_atd_at: iso(departed),
    pod_eta_at: iso(eta),
    pod_original_eta_at: iso(eta - DAY),
    pod_ata_at: atSea ? null : iso(eta),
    // at sea between ports Quayside's sea network knows, so the map can forecast the way; the others keep
    // the reference's (ITSPE, CNQDG, IDSUB are not in it: such a vessel is placed but not forecast)
    ...(atSea ? { port_of_lading_locode: 'CNNGB', port_of_discharge_locode: 'USLAX' } : {}),
    // what a later version of the reference might add, and what an older answer may leave out
    a_future_attribute: { nested: [1, 'two'] },
  }
  if (index % 3 === 0) for (const gone of ['customer_name', 'pod_timezone', 'tags']) delete attributes[gone]
  const shipment: Resource = {
    id,
    type: 'shipment',
    attributes,
    relationships: { ...base.relationships, containers: { data: [{ id: containerId, type: 'container' }] } },
  }
  const container: Resource = {
    id: containerId,
    type: 'container',
    attributes: {
      ...t.container.attributes,
      number: `REFU${String(index).padStart(7, '0')}`,
      pod_arrived_at: atSea ? null : iso(eta),
      pod_discharged_at: atSea ? null : iso(eta + 3_600_000),
      final_destination_full_out_at: null,
      current_status: atSea ? 'on_ship' : 'available',
      available_for_pickup: !atSea,
      pickup_lfd: atSea ? null : iso(now + 6 * DAY),
      ind_facility_lfd_on: null,
      import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_rail: null, pickup_lfd_line: null },
      pol_vessel_departed_at: iso(departed),
      another_unknown_attribute: true,
    },
    relationships: { shipment: link('shipment', id) },
  }
  const voyage = { shipmentId: id, containerId, vesselId, departed, eta, atSea }
  return { shipment, container, ...eventsOf(t, voyage, attributes) }
}

type Voyage = {
  shipmentId: string
  containerId: string
  vesselId: string
  departed: number
  eta: number
  atSea: boolean
}

/** A container's raw events (departed, then arrived or expected) and transport events, in the reference's shapes. */
function eventsOf(t: ReturnType<typeof templates>, v: Voyage, attributes: Record<string, unknown>) {
  const vesselOf = (r: Resource) => ({ ...r.relationships, vessel: link('vessel', v.vesselId) })
  const rawEvents = [
    {
      event: 'vessel_departed',
      at: v.departed,
      locode: String(attributes.port_of_lading_locode),
      est: false,
    },
    { event: 'vessel_arrived', at: v.eta, locode: String(attributes.port_of_discharge_locode), est: v.atSea },
  ].map(
    (e, i): Resource => ({
      id: randomUUID(),
      type: 'raw_event',
      attributes: {
        ...t.rawEvent.attributes,
        index: i,
        event: e.event,
        timestamp: iso(e.at),
        actual_at: e.est ? null : iso(e.at),
        estimated_at: e.est ? iso(e.at) : null,
        estimated: e.est,
        location_locode: e.locode,
        vessel_imo: t.vessel.attributes.imo,
        vessel_name: t.vessel.attributes.name,
      },
      relationships: { ...vesselOf(t.rawEvent), container: link('container', v.containerId) },
    }),
  )
  const transportEvents: Resource[] = [
    {
      id: randomUUID(),
      type: 'transport_event',
      attributes: {
        ...t.transportEvent.attributes,
        event: 'container.transport.vessel_departed',
        timestamp: iso(v.departed),
        location_locode: attributes.port_of_lading_locode,
      },
      relationships: {
        ...vesselOf(t.transportEvent),
        shipment: link('shipment', v.shipmentId),
        container: link('container', v.containerId),
        location: { data: null },
      },
    },
  ]
  return { rawEvents, transportEvents }
}

type Clone = ReturnType<typeof cloneShipment>

/** The upstream's state: shipments by id (in list order), containers, a vessel, parties, webhooks. */
function referenceState(shipments: number, now: number) {
  const t = templates()
  const vessel: Resource = { ...t.vessel, id: randomUUID(), relationships: {} }
  vessel.attributes = { ...vessel.attributes, position_timestamp: iso(now - 3_600_000) }
  const clones = new Map<string, Clone>()
  for (let i = 0; i < shipments; i++) {
    const clone = cloneShipment(t, i, vessel.id, now)
    clones.set(clone.shipment.id, clone)
  }
  const containers = new Map([...clones.values()].map((c) => [c.container.id, c]))
  const parties = t.parties.map((p) => ({ ...p, relationships: {} }))
  return { clones, containers, vessel, parties, webhooks: new Map<string, Resource>() }
}
type State = ReturnType<typeof referenceState>

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/vnd.api+json' })
  response.end(JSON.stringify(body))
}
const notFound = (response: ServerResponse) =>
  send(response, 404, { errors: [{ status: '404', title: 'Not Found' }] })

/** One page of a list, with the reference's `links.next` while there is more. */
function page(url: URL, all: Resource[], included: (r: Resource) => Resource[] = () => []) {
  const size = Math.min(Number(url.searchParams.get('page[size]') ?? 30) || 30, 100)
  const number = Math.max(Number(url.searchParams.get('page[number]') ?? 1) || 1, 1)
  const data = all.slice((number - 1) * size, number * size)
  const more = number * size < all.length
  return {
    data,
    included: data.flatMap(included),
    meta: { size, total: all.length },
    links: { next: more ? `${url.pathname}?page[number]=${number + 1}&page[size]=${size}` : null },
  }
}

async function answer(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://reference')
  const path = url.pathname.replace(/^\/v2/, '')
  const parts = path.split('/').filter(Boolean)
  const list = (name: string) => parts.length === 1 && parts[0] === name
  if (request.method === 'POST' && list('webhooks')) {
    let body = ''
    for await (const chunk of request) body += chunk
    const attributes = JSON.parse(body).data?.attributes ?? {}
    const hook: Resource = {
      id: randomUUID(),
      type: 'webhook',
      attributes: { ...attributes, secret: randomBytes(16).toString('hex'), created_at: iso(Date.now()) },
      relationships: {},
    }
    state.webhooks.set(hook.id, hook)
    return send(response, 201, { data: hook })
  }
  if (request.method !== 'GET') return send(response, 405, { errors: [{ status: '405' }] })
  const clones = [...state.clones.values()]
  const withContainers = (s: Resource) =>
    url.searchParams.get('include')?.includes('containers') ? [state.clones.get(s.id)!.container] : []
  if (list('shipments'))
    return send(
      response,
      200,
      page(
        url,
        clones.map((c) => c.shipment),
        withContainers,
      ),
    )
  if (list('parties')) return send(response, 200, page(url, state.parties))
  if (list('tracking_requests') || list('custom_field_definitions') || list('custom_fields'))
    return send(response, 200, page(url, []))
  const [kind, id, sub] = parts
  if (kind === 'shipments' && parts.length === 2) {
    const clone = state.clones.get(id)
    return clone ? send(response, 200, { data: clone.shipment }) : notFound(response)
  }
  if (kind === 'containers' && (sub === 'raw_events' || sub === 'transport_events')) {
    const clone = state.containers.get(id)
    if (!clone || !state.clones.has(clone.shipment.id)) return notFound(response)
    return send(response, 200, { data: sub === 'raw_events' ? clone.rawEvents : clone.transportEvents })
  }
  if (kind === 'vessels' && (id === state.vessel.id || id === state.vessel.attributes.imo))
    return send(response, 200, { data: state.vessel })
  if (kind === 'webhooks' && state.webhooks.has(id))
    return send(response, 200, { data: state.webhooks.get(id) })
  return notFound(response)
}

/** Starts the reference upstream on a free loopback port; `requests` lists every path asked, in order. */
export async function startReferenceUpstream(options: { shipments: number; now?: number }) {
  const state = referenceState(options.shipments, options.now ?? Date.now())
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    answer(state, request, response).catch((error: Error) => send(response, 500, { error: error.message }))
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/v2`,
    requests,
    shipments: () => [...state.clones.values()].map((c) => c.shipment),
    containers: () => [...state.clones.values()].map((c) => c.container),
    vessel: state.vessel,
    webhooks: () => [...state.webhooks.values()],
    /** The shipment is gone upstream: out of the lists, and 404 when asked for. */
    remove: (id: string) => state.clones.delete(id),
    /** The upstream stopped tracking the shipment: it stays, with the time and reason it stopped. */
    stopTracking: (id: string, at: Date) => {
      const shipment = state.clones.get(id)!.shipment
      shipment.attributes = {
        ...shipment.attributes,
        line_tracking_stopped_at: iso(at.getTime()),
        line_tracking_stopped_reason: 'all_containers_terminated',
      }
    },
    /** The line moves the ETA of every shipment at sea to `eta`; nothing else changes (no container, no raw event). */
    delayAtSea: (eta: Date) => {
      for (const { shipment } of state.clones.values())
        if (shipment.attributes.pod_ata_at === null)
          shipment.attributes = { ...shipment.attributes, pod_eta_at: iso(eta.getTime()) }
    },
    /** A container at sea is discharged and available, as the line reports it; its shipment has arrived. */
    discharge: (containerId: string, at: Date) => discharge(state, containerId, at),
    /** Posts a signed `container.transport.vessel_discharged` notification of the container to every webhook. */
    notify: (containerId: string, at: Date) => notify(state, containerId, at),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

function discharge(state: State, containerId: string, at: Date) {
  const clone = state.containers.get(containerId)!
  const when = iso(at.getTime())
  clone.shipment.attributes = { ...clone.shipment.attributes, pod_ata_at: when }
  clone.container.attributes = {
    ...clone.container.attributes,
    pod_arrived_at: when,
    pod_discharged_at: when,
    available_for_pickup: true,
    current_status: 'available',
    pickup_lfd: iso(at.getTime() + 6 * DAY),
  }
}

async function notify(state: State, containerId: string, at: Date) {
  const clone = state.containers.get(containerId)!
  const body = JSON.stringify({
    data: {
      id: randomUUID(),
      type: 'webhook_notification',
      attributes: {
        event: 'container.transport.vessel_discharged',
        delivery_status: 'pending',
        created_at: iso(at.getTime()),
      },
      relationships: { reference_object: link('transport_event', randomUUID()) },
    },
    included: [clone.shipment, clone.container],
  })
  for (const hook of state.webhooks.values()) {
    const signature = createHmac('sha256', String(hook.attributes.secret)).update(body).digest('hex')
    const response = await fetch(String(hook.attributes.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-T49-Webhook-Signature': signature },
      body,
    })
    if (!response.ok) throw new Error(`The webhook at ${hook.attributes.url} answered ${response.status}`)
  }
}
