import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { startReceiver } from '../support/webhook-receiver'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'

type Ids = Record<string, string>
type Route = {
  method: string
  path: string
  body?: unknown | ((ids: Ids) => unknown)
  /** A multipart body, for an upload. */
  form?: () => FormData
  /** A raw email (message/rfc822), for inbound mail. */
  message?: () => string
  /** The body names a record of the demo account, as PATCH /containers does in data.id. */
  idsInBody?: true
  /** What the owner is answered when it is not a success: an action that cannot be done yet (501). */
  owner?: number | number[]
  /** What the second account is answered when it is not 404. */
  otherAccount?: number
  /** Shared reference data (ports, terminals, vessels, carriers): every account reads the same rows. */
  shared?: true
  /** Makes what the call needs afresh each time (a record to delete, a value to edit), so no call depends on another. */
  fresh?: (service: Service, ids: Ids) => Promise<Ids>
}

let serial = 0
/** A loopback endpoint for the test delivery of POST /webhooks/trigger; set before each database's tests. */
let receiverUrl = ''
const unique = (prefix: string) => `${prefix}_${++serial}`
const data = (type: string, attributes: unknown, extra: Record<string, unknown> = {}) => ({
  data: { type, attributes, ...extra },
})

const created = async (service: Service, path: string, body: unknown) => {
  const response = await service.call('POST', path, { body: JSON.stringify(body) })
  if (response.status !== 201) throw new Error(`Could not create ${path}: ${response.status}`)
  return response.body.data.id as string
}
const freshWebhook = async (service: Service) => ({
  freshWebhook: await created(
    service,
    '/v2/webhooks',
    data('webhook', { url: 'https://93.184.216.34/hooks', events: ['tracking_request.failed'] }),
  ),
})
const EMBED_TOKEN = data('embed_token', {
  name: 'Matrix portal',
  scope: { kind: 'track_by_number' },
  allowed_origins: ['https://portal.example.com'],
  expires_at: '2027-06-01T00:00:00Z',
})
const freshEmbedToken = async (service: Service) => ({
  freshEmbedToken: await created(service, '/v2/embed_tokens', EMBED_TOKEN),
})
const freshDefinition = async (service: Service) => ({
  freshDefinition: await created(
    service,
    '/v2/custom_field_definitions',
    data('custom_field_definition', {
      entity_type: 'Container',
      api_slug: unique('matrix'),
      display_name: 'Matrix',
      data_type: 'enum',
    }),
  ),
})
const freshOption = async (service: Service, ids: Ids) => ({
  freshOption: await created(
    service,
    `/v2/custom_field_definitions/${ids.definition}/options`,
    data('custom_field_option', { label: 'Matrix', value: unique('matrix') }),
  ),
})
const valueSet =
  (entity: 'shipments' | 'containers', slug: string, value: unknown) =>
  async (service: Service, ids: Ids) => {
    const id = ids[entity.slice(0, -1)]
    const response = await service.call('POST', `/v2/${entity}/${id}/custom_fields`, {
      body: JSON.stringify(data('custom_field', { api_slug: slug, value })),
    })
    if (response.status !== 201) throw new Error(`Could not set ${slug}: ${response.status}`)
    return {}
  }

const FORECAST = 'port_id=USLAX&previous_port_id=CNSHA&latitude=38.5&longitude=165'
const pdf = () => {
  const form = new FormData()
  form.set('file', new Blob([`%PDF-1.4 ${unique('matrix')}`], { type: 'application/pdf' }), 'matrix.pdf')
  return form
}
const freshDocument = async (service: Service) => {
  const response = await fetch(`${service.baseUrl}/v2/documents`, {
    method: 'POST',
    headers: { Authorization: `Token ${KEY}` },
    body: pdf(),
  })
  if (response.status !== 201) throw new Error(`Could not upload a document: ${response.status}`)
  return { freshDocument: ((await response.json()) as { data: { id: string } }).data.id }
}
const freshValue = async (service: Service, ids: Ids) => {
  const response = await service.call('POST', '/v2/custom_fields', {
    body: JSON.stringify(
      data('custom_field', { api_slug: 'broker', value: 'A' }, { relationships: entityOf(ids.shipment) }),
    ),
  })
  if (response.status !== 201) throw new Error(`Could not set a field: ${response.status}`)
  return { freshValue: response.body.data.id as string }
}
const entityOf = (id: string) => ({ entity: { data: { type: 'shipment', id } } })
const requestValueSet = async (service: Service, ids: Ids) => {
  const response = await service.call('POST', `/v2/tracking_requests/${ids.trackingRequest}/custom_fields`, {
    body: JSON.stringify(data('custom_field', { api_slug: 'matrix_request', value: 'A' })),
  })
  if (response.status !== 201) throw new Error(`Could not set a request field: ${response.status}`)
  return {}
}

/** A connection the demo account made, written as Settings → Connection writes one, to this service itself. */
const connectionMade = async (service: Service, ids: Ids) => {
  const accountId = randomUUID()
  await service.storage.upstreamConnections.create({
    accountId,
    ownerId: ids.me,
    companyName: 'Matrix upstream',
    baseUrl: `${service.baseUrl}/v2`,
    apiKeySealed: 'v1.sealed.elsewhere.x',
  })
  return { connection: accountId }
}

/** Every route, with ids from the demo account; `:x` placeholders are filled in before each call. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/v2/shipments' },
  { method: 'GET', path: '/v2/shipments/:shipment' },
  { method: 'PATCH', path: '/v2/shipments/:shipment', body: data('shipment', { tags: ['x'] }) },
  { method: 'PATCH', path: '/v2/shipments/:shipment/stop_tracking' },
  { method: 'PATCH', path: '/v2/shipments/:shipment/resume_tracking' },
  { method: 'GET', path: '/v2/shipments/:shipment/custom_fields' },
  {
    method: 'POST',
    path: '/v2/shipments/:shipment/custom_fields',
    body: data('custom_field', { api_slug: 'broker', value: 'A' }),
  },
  {
    method: 'PATCH',
    path: '/v2/shipments/:shipment/custom_fields/broker',
    body: data('custom_field', { value: 'B' }),
    fresh: valueSet('shipments', 'broker', 'A'),
  },
  {
    method: 'DELETE',
    path: '/v2/shipments/:shipment/custom_fields/broker',
    fresh: valueSet('shipments', 'broker', 'A'),
  },
  { method: 'GET', path: '/v2/containers' },
  { method: 'GET', path: '/v2/containers?filter[tab]=attention&counts=tabs&include=shipment,pod_terminal' },
  { method: 'GET', path: '/v2/account' },
  { method: 'GET', path: '/v2/containers/:container' },
  { method: 'GET', path: '/v2/containers/:container/transport_events' },
  { method: 'GET', path: '/v2/containers/:container/raw_events' },
  { method: 'GET', path: '/v2/containers/:container/custom_fields' },
  {
    method: 'POST',
    path: '/v2/containers/:container/custom_fields',
    body: data('custom_field', { api_slug: 'needs_exam', value: true }),
  },
  {
    method: 'PATCH',
    path: '/v2/containers/:container/custom_fields/needs_exam',
    body: data('custom_field', { value: false }),
    fresh: valueSet('containers', 'needs_exam', true),
  },
  {
    method: 'DELETE',
    path: '/v2/containers/:container/custom_fields/needs_exam',
    fresh: valueSet('containers', 'needs_exam', true),
  },
  { method: 'GET', path: '/v2/custom_fields' },
  { method: 'GET', path: '/v2/custom_field_definitions' },
  {
    method: 'POST',
    path: '/v2/custom_field_definitions',
    body: () =>
      data('custom_field_definition', {
        entity_type: 'Shipment',
        api_slug: unique('matrix'),
        display_name: 'Matrix',
        data_type: 'short_text',
      }),
  },
  { method: 'GET', path: '/v2/custom_field_definitions/:definition' },
  {
    method: 'PATCH',
    path: '/v2/custom_field_definitions/:definition',
    body: data('custom_field_definition', { description: 'Edited by the auth matrix' }),
  },
  { method: 'DELETE', path: '/v2/custom_field_definitions/:freshDefinition', fresh: freshDefinition },
  { method: 'GET', path: '/v2/custom_field_definitions/:definition/options' },
  {
    method: 'POST',
    path: '/v2/custom_field_definitions/:definition/options',
    body: () => data('custom_field_option', { label: 'Matrix', value: unique('matrix') }),
  },
  { method: 'GET', path: '/v2/custom_field_definitions/:definition/options/:option' },
  {
    method: 'PATCH',
    path: '/v2/custom_field_definitions/:definition/options/:option',
    body: data('custom_field_option', { label: 'Edited' }),
  },
  {
    method: 'DELETE',
    path: '/v2/custom_field_definitions/:definition/options/:freshOption',
    fresh: freshOption,
  },
  { method: 'GET', path: '/v2/tracking_requests' },
  {
    method: 'POST',
    path: '/v2/tracking_requests',
    body: () =>
      data('tracking_request', {
        request_type: 'bill_of_lading',
        request_number: unique('MAEU'),
        scac: 'MAEU',
      }),
  },
  { method: 'GET', path: '/v2/tracking_requests/:trackingRequest' },
  { method: 'POST', path: '/v2/tracking_requests/infer_number', body: { number: 'MRKU3700927' } },
  { method: 'GET', path: '/v2/parties' },
  { method: 'POST', path: '/v2/parties', body: data('party', { company_name: 'Matrix Imports' }) },
  { method: 'GET', path: '/v2/parties/:party' },
  { method: 'GET', path: '/v2/email_submissions' },
  { method: 'GET', path: '/v2/email_submissions/:submission' },
  { method: 'GET', path: '/v2/documents' },
  { method: 'GET', path: '/v2/documents/:document' },
  {
    method: 'PATCH',
    path: '/v2/documents/:document',
    body: data('document', { classification_notes: 'checked by the auth matrix' }),
  },
  { method: 'GET', path: '/v2/documents/:document/download_url' },
  { method: 'GET', path: '/v2/documents/:document/download' },
  { method: 'GET', path: '/v2/webhooks' },
  {
    method: 'POST',
    path: '/v2/webhooks',
    body: data('webhook', { url: 'https://93.184.216.34/hooks', events: ['tracking_request.failed'] }),
  },
  { method: 'GET', path: '/v2/webhooks/:webhook' },
  { method: 'PATCH', path: '/v2/webhooks/:webhook', body: data('webhook', { active: true }) },
  { method: 'DELETE', path: '/v2/webhooks/:freshWebhook', fresh: freshWebhook },
  { method: 'GET', path: '/v2/webhooks/events' },
  {
    method: 'POST',
    path: '/v2/webhooks/trigger',
    body: () => ({ url: receiverUrl, event: 'tracking_request.succeeded' }),
  },
  { method: 'GET', path: '/v2/webhook_notifications' },
  { method: 'GET', path: '/v2/webhook_notifications/:notification' },
  { method: 'GET', path: '/v2/webhook_notifications/:notification/payload' },
  // the demo's first notification may belong to a webhook that is off, which refuses redelivery
  { method: 'POST', path: '/v2/webhook_notifications/:notification/redeliver', owner: [202, 409] },
  { method: 'GET', path: '/v2/webhooks/health' },
  { method: 'POST', path: '/v2/webhooks/:freshWebhook/rotate_secret', fresh: freshWebhook },
  { method: 'POST', path: '/v2/webhooks/:freshWebhook/redeliver', body: {}, fresh: freshWebhook },
  { method: 'GET', path: '/v2/shipping_lines' },
  { method: 'GET', path: '/v2/shipping_lines/:shippingLine', shared: true },
  { method: 'GET', path: '/v2/ports/USLAX' },
  { method: 'GET', path: '/v2/terminals/:terminal', shared: true },
  { method: 'GET', path: '/v2/vessels/:vessel', shared: true },
  { method: 'GET', path: `/v2/vessels/:vessel/future_positions_with_coordinates?${FORECAST}`, shared: true },
  { method: 'GET', path: '/v2/search?query=MSKU' },
  {
    method: 'PATCH',
    path: '/v2/tracking_requests/:trackingRequest',
    body: data('tracking_request', { ref_numbers: ['MATRIX'] }),
  },
  { method: 'GET', path: '/v2/tracking_requests/:trackingRequest/custom_fields' },
  {
    method: 'POST',
    path: '/v2/tracking_requests/:trackingRequest/custom_fields',
    body: data('custom_field', { api_slug: 'matrix_request', value: 'B' }),
  },
  {
    method: 'PATCH',
    path: '/v2/tracking_requests/:trackingRequest/custom_fields/matrix_request',
    body: data('custom_field', { value: 'C' }),
    fresh: requestValueSet,
  },
  {
    method: 'DELETE',
    path: '/v2/tracking_requests/:trackingRequest/custom_fields/matrix_request',
    fresh: requestValueSet,
  },
  {
    method: 'POST',
    path: '/v2/custom_fields',
    body: (ids: Ids) =>
      data('custom_field', { api_slug: 'broker', value: 'B' }, { relationships: entityOf(ids.shipment) }),
    idsInBody: true,
    // a record named in the body that the caller cannot see is a bad field, as for a tracking request's customer
    otherAccount: 422,
  },
  { method: 'GET', path: '/v2/custom_fields/:freshValue', fresh: freshValue },
  {
    method: 'PATCH',
    path: '/v2/custom_fields/:freshValue',
    body: data('custom_field', { value: 'C' }),
    fresh: freshValue,
  },
  { method: 'DELETE', path: '/v2/custom_fields/:freshValue', fresh: freshValue },
  { method: 'GET', path: '/v2/custom_fields/:freshValue/history', fresh: freshValue },
  {
    method: 'PATCH',
    path: '/v2/parties/:party',
    body: () => data('party', { company_name: unique('Matrix Renamed') }),
  },
  {
    method: 'PATCH',
    path: '/v2/containers',
    body: (ids: Ids) => data('container', { ref_numbers: ['MATRIX'] }, { id: ids.container }),
    idsInBody: true,
  },
  { method: 'GET', path: '/v2/containers/:container/route' },
  { method: 'GET', path: '/v2/containers/:container/map_geojson' },
  {
    method: 'PATCH',
    path: '/v2/containers/:freshContainer/refresh',
    fresh: async (_, ids) => ({ freshContainer: ids.containers.split(',')[++refreshes] }),
  },
  { method: 'GET', path: '/v2/metro_areas/USLAX', shared: true },
  { method: 'GET', path: '/v2/vessels?filter[carrying]=active&include=containers,shipments' },
  { method: 'GET', path: '/v2/ports?filter[holding]=waiting' },
  {
    method: 'GET',
    path: '/v2/vessels/:vessel/future_positions?port_id=USLAX&previous_port_id=CNSHA',
    shared: true,
  },
  { method: 'GET', path: '/v2/webhooks/ips' },
  { method: 'GET', path: '/v2/embed_tokens' },
  { method: 'POST', path: '/v2/embed_tokens', body: EMBED_TOKEN },
  { method: 'GET', path: '/v2/embed_tokens/:freshEmbedToken', fresh: freshEmbedToken },
  { method: 'POST', path: '/v2/embed_tokens/:freshEmbedToken/revoke', fresh: freshEmbedToken },
  { method: 'GET', path: '/v2/webhook_notifications/examples?event=tracking_request.succeeded' },
  { method: 'POST', path: '/v2/documents', form: pdf },
  {
    method: 'POST',
    path: '/v2/email_submissions',
    message: () =>
      `From: docs@line.example\r\nSubject: ${unique('matrix')}\r\n\r\nArrival notice to follow.\r\n`,
  },
  { method: 'GET', path: '/v2/documents/types' },
  { method: 'DELETE', path: '/v2/documents/:freshDocument', fresh: freshDocument },
  { method: 'POST', path: '/v2/documents/:document/relink' },
  { method: 'POST', path: '/v2/documents/:document/reextract' },
  { method: 'POST', path: '/v2/documents/:document/reclassify' },
  { method: 'POST', path: '/v2/documents/:document/rotate', body: { degrees: 90 }, owner: 422 },
  { method: 'GET', path: '/v2/document_schemas/bill_of_lading@1.0', shared: true },
  { method: 'GET', path: '/v2/audit_events' },
  { method: 'GET', path: '/v2/upstream_connections' },
  { method: 'GET', path: '/v2/upstream_connections/:connection', fresh: connectionMade },
  // this service is the upstream asked, and it knows no such key: the refusal is its 401, passed on as 422
  {
    method: 'POST',
    path: '/v2/upstream_connections',
    body: (ids: Ids) => data('upstream_connection', { api_key: 'no-such-upstream-key', base_url: ids.self }),
    owner: 422,
  },
  {
    method: 'PATCH',
    path: '/v2/upstream_connections/:connection',
    body: (ids: Ids) => ({
      data: {
        id: ids.connection,
        type: 'upstream_connection',
        attributes: { api_key: 'no-such-upstream-key' },
      },
    }),
    fresh: connectionMade,
    owner: 422,
  },
  { method: 'DELETE', path: '/v2/upstream_connections/:connection', fresh: connectionMade },
]
let refreshes = 0

describe.each(DATABASE_KINDS)('the auth matrix on %s', (kind) => {
  let service: Service
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const ids: Ids = {}
  beforeAll(async () => {
    service = await startService(kind, { readDocuments: true, webhookAllowlist: ['127.0.0.0/8'] })
    receiver = await startReceiver()
    receiverUrl = receiver.url()
    const first = async (path: string) => (await service.get(path)).body.data[0].id as string
    ids.shipment = await first('/v2/shipments?page[size]=1')
    ids.container = await first('/v2/containers?page[size]=1')
    ids.definition = await first('/v2/custom_field_definitions?filter[data_type]=enum')
    ids.option = await first(`/v2/custom_field_definitions/${ids.definition}/options`)
    ids.trackingRequest = await first('/v2/tracking_requests?page[size]=1')
    ids.party = await first('/v2/parties?page[size]=1')
    ids.submission = await first('/v2/email_submissions?page[size]=1')
    ids.document = await first('/v2/documents?page[size]=1')
    ids.webhook = await first('/v2/webhooks?page[size]=1')
    ids.notification = await first('/v2/webhook_notifications?page[size]=1')
    ids.shippingLine = await first('/v2/shipping_lines')
    ids.self = `${service.baseUrl}/v2`
    ids.me = (await service.get('/v2/account')).body.data.id
    const shipment = (await service.get(`/v2/shipments/${ids.shipment}`)).body.data
    ids.terminal = shipment.relationships.pod_terminal.data.id
    ids.vessel = shipment.attributes.pod_vessel_imo
    // each refresh takes a container of its own: a container is refreshed at most once a minute
    ids.containers = ((await service.get('/v2/containers?page[size]=20')).body.data as { id: string }[])
      .map((c) => c.id)
      .join(',')
    await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify(
        data('custom_field_definition', {
          entity_type: 'TrackingRequest',
          api_slug: 'matrix_request',
          display_name: 'Matrix request',
          data_type: 'short_text',
        }),
      ),
    })
  })
  afterAll(async () => {
    await receiver?.stop()
    await service?.stop()
  })

  const send = async (route: Route, key: string | null) => {
    const all = { ...ids, ...(await route.fresh?.(service, ids)) }
    const body = typeof route.body === 'function' ? route.body(all) : route.body
    const path = route.path.replaceAll(/:(\w+)/g, (_, name: string) => all[name])
    if (route.message)
      return service.call(route.method, path, {
        key,
        body: route.message(),
        headers: { 'Content-Type': 'message/rfc822' },
      })
    if (route.form) {
      const response = await fetch(`${service.baseUrl}${path}`, {
        method: route.method,
        headers: key ? { Authorization: `Token ${key}` } : {},
        body: route.form(),
      })
      return { status: response.status }
    }
    return service.call(route.method, path, {
      key,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }
  const usesIds = (route: Route) => route.path.includes(':') || route.idsInBody
  const name = (route: Route) => `${route.method} ${route.path.split('?')[0]}`
  const isWrite = (route: Route) => route.method !== 'GET'
  const table = (routes: Route[]) => routes.map((route) => [name(route), route] as const)

  it("covers every operation the app mounts that needs a token, by the app's own route table", async () => {
    const document = (await service.get('/v2/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
    }
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.length !== 0)
        .map(([method]) => ({ method: method.toUpperCase(), path: `/v2${path}` })),
    )
    const pattern = (path: string) => new RegExp(`^${path.replaceAll(/\{[^}]+\}/g, '[^/]+')}$`)
    const templates = (path: string) => path.split('{').length
    // each row is the most specific operation its path fits: /webhooks/events is not /webhooks/{id}
    const operationOf = (route: Route) =>
      operations
        .filter((op) => op.method === route.method && pattern(op.path).test(route.path.split('?')[0]))
        .sort((a, b) => templates(a.path) - templates(b.path))[0]
    const covered = new Set(ROUTES.map(operationOf).map((op) => op && `${op.method} ${op.path}`))
    const missing = operations.map((op) => `${op.method} ${op.path}`).filter((op) => !covered.has(op))
    expect(operations.length).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })

  it.each(table(ROUTES))('%s needs a token', async (_, route) => {
    expect((await send(route, null)).status).toBe(401)
  })

  it.each(table(ROUTES))('%s answers the owner with a read-write key', async (_, route) => {
    const { status } = await send(route, KEY)
    if (Array.isArray(route.owner)) expect(route.owner).toContain(status)
    else if (route.owner) expect(status).toBe(route.owner)
    else expect(status).toBeLessThan(300)
  })

  it.each(table(ROUTES))('%s lets a read-only key read and refuses it a write', async (_, route) => {
    expect((await send(route, READ_KEY)).status).toBe(isWrite(route) ? 403 : 200)
  })

  // Terminal49 shows every key the secret; here only a key that may manage webhooks reads it
  it.each([
    ['/v2/webhooks', (body: { data: { attributes: object }[] }) => body.data[0].attributes],
    ['/v2/webhooks/:webhook', (body: { data: { attributes: object } }) => body.data.attributes],
    [
      '/v2/webhook_notifications/:notification?include=webhook',
      (body: { included: { type: string; attributes: object }[] }) =>
        body.included.find((resource) => resource.type === 'webhook')!.attributes,
    ],
  ] as const)('%s shows the signing secret to a read-write key only', async (path, attributesOf) => {
    const url = path.replace(/:(\w+)/, (_, name: string) => ids[name])
    const owner = await service.get(url, KEY)
    expect(attributesOf(owner.body)).toHaveProperty('secret', expect.stringMatching(/.{16}/))
    // after the owner's read, so a copy kept for the owner is not served to the read-only key
    const reader = await service.get(url, READ_KEY)
    expect(reader.status).toBe(200)
    expect(attributesOf(reader.body)).not.toHaveProperty('secret')
    expect(attributesOf(reader.body)).toHaveProperty('url')
  })

  it.each(table(ROUTES.filter((route) => usesIds(route) && !route.shared)))(
    "%s hides the demo account's records from the second account",
    async (_, route) => {
      expect((await send(route, OTHER_KEY)).status).toBe(route.otherAccount ?? 404)
    },
  )

  it.each(table(ROUTES.filter((route) => route.shared)))(
    '%s shows the second account the same shared reference data',
    async (_, route) => {
      expect((await send(route, OTHER_KEY)).status).toBe(200)
    },
  )

  // a write the owner itself is refused (owner) is refused the second account too
  it.each(table(ROUTES.filter((route) => isWrite(route) && !usesIds(route) && !route.owner)))(
    '%s lets the second account write to its own account',
    async (_, route) => {
      expect((await send(route, OTHER_KEY)).status).toBeLessThan(300)
    },
  )
})
