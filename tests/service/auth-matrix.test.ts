import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, type Role, roleAtLeast } from '../../src/contract/people'
import { DATABASE_KINDS } from '../support/databases'
import { personWithKey } from '../support/role-callers'
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
  /** What the owner (and every role allowed) is answered when it is not a success: an action that cannot be done yet (501). */
  owner?: number | number[]
  /** What the account's own key is answered, when not what a person is: it is no person. */
  accountKey?: number
  /** What a read-only key is answered when it is neither 200 for a read nor 403 for a write. */
  reader?: number
  /** What the second account is answered when it is not 404. */
  otherAccount?: number
  /** Shared reference data (ports, terminals, vessels, carriers): every account reads the same rows. */
  shared?: true
  /** Makes what the call needs afresh each time (a record to delete, a value to edit), so no call depends on another. */
  fresh?: (service: Service, ids: Ids, caller?: { userId?: string; customer?: boolean }) => Promise<Ids>
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
const HANDOFF = data('handoff', { expires_at: '2026-12-01T00:00:00Z' })
const freshHandoff = async (service: Service, ids: Ids) => ({
  freshHandoff: await created(service, `/v2/containers/${ids.container}/handoffs`, HANDOFF),
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

const ALERT_RULE = data('alert_rule', {
  name: 'Matrix rule',
  condition: { kind: 'hold_appeared' },
  scope: { kind: 'all' },
  channels: ['in_app'],
})
const freshAlertRule = async (service: Service) => ({
  freshAlertRule: await created(service, '/v2/alert_rules', ALERT_RULE),
})
/** An alert in the caller's own bell (a person's), about the shipment the caller may see. */
const freshAlert = async (service: Service, ids: Ids, caller?: { userId?: string }) => {
  const { rows } = await service.storage.db.execute<{ id: string }>(
    sql`with rule as (insert into alert_rules (account_id, name, condition, scope)
          values (${ids.me}, 'Matrix bell', '{"kind":"hold_appeared"}', '{"kind":"all"}') returning id)
        insert into alerts (account_id, rule_id, condition_kind, subject_type, subject_id, shipment_id, party_id, fired_at, title)
        select ${ids.me}, rule.id, 'hold_appeared', 'container', ${ids.container}, ${ids.shipment},
          (select customer_id from shipments where id = ${ids.shipment}), now(), 'Matrix alert' from rule
        returning id`,
  )
  if (caller?.userId)
    await service.storage.db.execute(
      sql`insert into alert_inbox (alert_id, user_id, fired_at) values (${rows[0].id}, ${caller.userId}, now())`,
    )
  return { freshAlert: rows[0].id }
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

/** The caller's own key to revoke; the account's key (an owner, no person) revokes the owner person's. */
const freshKey = async (service: Service, ids: Ids, caller?: { userId?: string }) => {
  if (!caller?.userId) return { freshKey: (await personWithKey(service.storage, ids.me, 'operator')).keyId }
  const key = await service.storage.personalKeys.create(
    ids.me,
    { userId: caller.userId, name: 'Matrix revoke', role: 'viewer' },
    `qsk_matrix_${unique('revoke')}_${randomUUID()}`,
  )
  return { freshKey: key }
}

const freshUser = async (service: Service, ids: Ids) => ({
  freshUser: (
    await service.storage.users.create(ids.me, { email: `${unique('matrix')}@example.com`, role: 'viewer' })
  ).id,
})
const freshInvitation = async (service: Service) => ({
  freshInvitation: await created(
    service,
    '/v2/invitations',
    data('invitation', { email: `${unique('invited')}@example.com`, role: 'viewer' }),
  ),
})

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
  {
    method: 'POST',
    path: '/v2/parties',
    body: () => data('party', { company_name: unique('Matrix Imports') }),
  },
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
    method: 'GET',
    path: '/v2/charges_summary?group_by=terminal&filter[from]=2026-11-01&filter[to]=2026-11-30',
  },
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
  { method: 'GET', path: '/v2/containers/:container/handoffs' },
  { method: 'POST', path: '/v2/containers/:container/handoffs', body: HANDOFF },
  { method: 'POST', path: '/v2/handoffs/:freshHandoff/revoke', fresh: freshHandoff },
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
  { method: 'GET', path: '/v2/api_keys' },
  {
    method: 'POST',
    path: '/v2/api_keys',
    // every role may make a key of its own role or lower; a customer only a customer's
    fresh: async (_service, _ids, caller) => ({ keyRole: caller?.customer ? 'customer' : 'viewer' }),
    body: (ids: Ids) => data('api_key', { name: 'Matrix', role: ids.keyRole }),
    accountKey: 403,
  },
  { method: 'POST', path: '/v2/api_keys/:freshKey/revoke', fresh: freshKey },
  { method: 'GET', path: '/v2/users' },
  // an account key is no person
  { method: 'GET', path: '/v2/users/me', accountKey: 404, reader: 404 },
  { method: 'GET', path: '/v2/users/:user' },
  {
    method: 'PATCH',
    path: '/v2/users/me',
    body: data('user', { time_zone: 'Europe/Berlin' }),
    accountKey: 404,
  },
  { method: 'PATCH', path: '/v2/users/:user', body: data('user', { time_zone: 'Europe/Berlin' }) },
  { method: 'DELETE', path: '/v2/users/:freshUser', fresh: freshUser },
  { method: 'POST', path: '/v2/users/:user/password_reset' },
  { method: 'GET', path: '/v2/invitations' },
  {
    method: 'POST',
    path: '/v2/invitations',
    body: () => data('invitation', { email: `${unique('invited')}@example.com`, role: 'viewer' }),
  },
  { method: 'POST', path: '/v2/invitations/:freshInvitation/revoke', fresh: freshInvitation },
  { method: 'GET', path: '/v2/alert_rules' },
  { method: 'POST', path: '/v2/alert_rules', body: ALERT_RULE },
  { method: 'POST', path: '/v2/alert_rules/preview', body: ALERT_RULE },
  { method: 'GET', path: '/v2/alert_rules/:freshAlertRule', fresh: freshAlertRule },
  {
    method: 'PATCH',
    path: '/v2/alert_rules/:freshAlertRule',
    body: data('alert_rule', { enabled: false }),
    fresh: freshAlertRule,
  },
  { method: 'DELETE', path: '/v2/alert_rules/:freshAlertRule', fresh: freshAlertRule },
  { method: 'GET', path: '/v2/alerts' },
  { method: 'POST', path: '/v2/clock/advance', body: data('clock_advance', { hours: 1 }) },
  { method: 'POST', path: '/v2/alerts/read_all' },
  // an account key has no bell of its own
  { method: 'POST', path: '/v2/alerts/:freshAlert/read', fresh: freshAlert, accountKey: 404 },
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
    // a viewer: the demo's person (the list's first) is refused to everyone, and an owner to an admin
    ids.user = (
      await service.storage.users.create(ids.me, { email: `${unique('target')}@example.com`, role: 'viewer' })
    ).id
    const shipment = (await service.get(`/v2/shipments/${ids.shipment}`)).body.data
    ids.terminal = shipment.relationships.pod_terminal.data.id
    ids.vessel = shipment.attributes.pod_vessel_imo
    // each refresh takes a container of its own: a container is refreshed at most once a minute
    refreshes = 0
    ids.containers = ((await service.get('/v2/containers?page[size]=40')).body.data as { id: string }[])
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
    await roleCallers()
  })
  /** People of every role with personal keys: in the demo account, and strangers in the second. */
  const people = {} as Record<Role, Awaited<ReturnType<typeof personWithKey>>>
  const strangers = {} as Record<Role, Awaited<ReturnType<typeof personWithKey>>>
  /** The customer's own party, and another party of the same account. */
  const parties = { own: '', other: '' }
  const customerIds: Ids = {}
  const otherParty: Ids = {}
  const roleCallers = async () => {
    const listed = (await service.get('/v2/shipments?page[size]=100&include=containers')).body
    const shipments = listed.data as { id: string; relationships: Record<string, { data: unknown }> }[]
    const customerOf = (s: (typeof shipments)[number]) =>
      (s.relationships.customer?.data as { id: string } | null)?.id
    const containersOf = (s: (typeof shipments)[number]) =>
      s.relationships.containers.data as { id: string }[]
    // a party with containers at sea, so the map has something to hide and something to show
    const map = (await service.get('/v2/vessels?filter[carrying]=active&include=shipments')).body
    const atSea = new Set(((map.included ?? []) as { id: string }[]).map((shipment) => shipment.id))
    const withCustomer = shipments
      .filter((s) => customerOf(s) && containersOf(s).length > 0)
      .sort((a, b) => Number(atSea.has(b.id)) - Number(atSea.has(a.id)))
    const own = withCustomer[0]
    const other = withCustomer.find((s) => customerOf(s) !== customerOf(own))!
    parties.own = customerOf(own)!
    parties.other = customerOf(other)!
    Object.assign(customerIds, ids, { shipment: own.id, container: containersOf(own)[0].id })
    Object.assign(otherParty, { shipment: other.id, container: containersOf(other)[0].id })
    const second = (await service.get('/v2/account', OTHER_KEY)).body.data.id
    for (const role of ROLES) {
      const partyId = role === 'customer' ? parties.own : undefined
      people[role] = await personWithKey(service.storage, ids.me, role, { partyId })
      strangers[role] = await personWithKey(service.storage, second, role)
    }
    const document = (await service.get('/v2/openapi.json')).body as OpenApi
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.length !== 0)
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: `/v2${path}`,
          role: operation['x-quayside-role'],
          customer: operation['x-quayside-customer'],
        })),
    )
  }
  type OpenApi = {
    paths: Record<
      string,
      Record<string, { security?: unknown[]; 'x-quayside-role': Role; 'x-quayside-customer'?: string }>
    >
  }
  let operations: { method: string; path: string; role: Role; customer?: string }[] = []
  const pattern = (path: string) => new RegExp(`^${path.replaceAll(/\{[^}]+\}/g, '[^/]+')}$`)
  const templates = (path: string) => path.split('{').length
  // each row is the most specific operation its path fits: /webhooks/events is not /webhooks/{id}
  const operationOf = (route: Route) =>
    operations
      .filter((op) => op.method === route.method && pattern(op.path).test(route.path.split('?')[0]))
      .sort((a, b) => templates(a.path) - templates(b.path))[0]
  /** From the route table: the customer only where the route scopes its answer to the party. */
  const allowed = (route: Route, role: Role) => {
    const operation = operationOf(route)
    return role === 'customer'
      ? operation.customer !== undefined && operation.role === 'viewer'
      : roleAtLeast(role, operation.role)
  }

  afterAll(async () => {
    await receiver?.stop()
    await service?.stop()
  })

  const send = async (
    route: Route,
    key: string | null,
    options: { ids?: Ids; caller?: { userId?: string; customer?: boolean } } = {},
  ) => {
    const base = options.ids ?? ids
    const all = { ...base, ...(await route.fresh?.(service, base, options.caller)) }
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
      const text = await response.text()
      return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : undefined }
    }
    return service.call(route.method, path, {
      key,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }
  const usesIds = (route: Route) => route.path.includes(':') || route.idsInBody
  const expectAllowed = (route: Route, status: number, role: Role = 'owner') => {
    if (Array.isArray(route.owner)) expect(route.owner).toContain(status)
    else if (route.owner) expect([role, status]).toEqual([role, route.owner])
    else expect([role, status < 300 ? 'success' : status]).toEqual([role, 'success'])
  }
  const expectRefused = (response: { status: number; body?: { errors?: { code?: string }[] } }, role: Role) =>
    expect([role, response.status, response.body?.errors?.[0]?.code]).toEqual([role, 403, 'role_forbidden'])
  const name = (route: Route) => `${route.method} ${route.path.split('?')[0]}`
  const isWrite = (route: Route) => route.method !== 'GET'
  const table = (routes: Route[]) => routes.map((route) => [name(route), route] as const)

  it("covers every operation the app mounts that needs a token, by the app's own route table", async () => {
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
    if (route.accountKey) expect(status).toBe(route.accountKey)
    else expectAllowed(route, status)
  })

  it.each(table(ROUTES))(
    '%s lets a read-only key read what a viewer may and refuses it a write',
    async (_, route) => {
      expect((await send(route, READ_KEY)).status).toBe(
        route.reader ?? (!isWrite(route) && allowed(route, 'viewer') ? 200 : 403),
      )
    },
  )

  it.each(table(ROUTES))('%s answers each role as the route table says', async (_, route) => {
    for (const role of ROLES) {
      const caller = people[role]
      const response = await send(route, caller.token, {
        ids: role === 'customer' ? customerIds : ids,
        caller: { ...caller, customer: role === 'customer' },
      })
      if (allowed(route, role)) expectAllowed(route, response.status, role)
      else expectRefused(response, role)
    }
  })

  it.each(table(ROUTES.filter((route) => usesIds(route))))(
    "%s hides the demo account's records from every role of the second account",
    async (_, route) => {
      for (const role of ROLES) {
        const caller = strangers[role]
        const response = await send(route, caller.token, { caller })
        if (!allowed(route, role)) expectRefused(response, role)
        else expect([role, response.status]).toEqual([role, route.shared ? 200 : (route.otherAccount ?? 404)])
      }
    },
  )

  const PARTY_RECORDS =
    /^\/v2\/(shipments\/:shipment|containers\/:container(\/(transport_events|raw_events|route|map_geojson))?)$/
  it.each(
    table(ROUTES.filter((route) => route.method === 'GET' && PARTY_RECORDS.test(route.path.split('?')[0]))),
  )("%s answers a customer 404 for another party's record", async (_, route) => {
    expect(allowed(route, 'customer')).toBe(true)
    const response = await send(route, people.customer.token, { ids: { ...customerIds, ...otherParty } })
    expect(response.status).toBe(404)
  })

  // Terminal49 shows every key the secret; here only an admin or owner, who manage webhooks, reads them at all
  it.each([
    ['/v2/webhooks', (body: { data: { attributes: object }[] }) => body.data[0].attributes],
    ['/v2/webhooks/:webhook', (body: { data: { attributes: object } }) => body.data.attributes],
    [
      '/v2/webhook_notifications/:notification?include=webhook',
      (body: { included: { type: string; attributes: object }[] }) =>
        body.included.find((resource) => resource.type === 'webhook')!.attributes,
    ],
  ] as const)('%s shows the signing secret to its managers only', async (path, attributesOf) => {
    const url = path.replace(/:(\w+)/, (_, name: string) => ids[name])
    const owner = await service.get(url, KEY)
    expect(attributesOf(owner.body)).toHaveProperty('secret', expect.stringMatching(/.{16}/))
    // after the owner's read, so a copy kept for the owner is not served to a lesser role
    for (const key of [READ_KEY, people.operator.token, people.viewer.token]) {
      const reader = await service.get(url, key)
      expect(reader.status).toBe(403)
      expect(JSON.stringify(reader.body)).not.toContain('secret')
    }
    const admin = await service.get(url, people.admin.token)
    expect(attributesOf(admin.body)).toHaveProperty('secret', expect.stringMatching(/.{16}/))
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
  it.each(
    table(ROUTES.filter((route) => isWrite(route) && !usesIds(route) && !route.owner && !route.accountKey)),
  )('%s lets the second account write to its own account', async (_, route) => {
    expect((await send(route, OTHER_KEY)).status).toBeLessThan(300)
  })

  describe('a customer (BOLA)', () => {
    type Doc = {
      data: { id: string; relationships?: Record<string, { data: { id: string } | null }> }[]
      included?: {
        id: string
        type: string
        relationships?: Record<string, { data: { id: string } | null }>
      }[]
      meta?: Record<string, unknown>
    }
    const asCustomer = async (path: string, token = people.customer.token) => {
      const response = await service.get(path, token)
      expect([path, response.status]).toEqual([path, 200])
      return response.body as Doc
    }
    const asOwner = async (path: string) => (await service.get(path, KEY)).body as Doc
    const idsOf = (document: Doc) => document.data.map((resource) => resource.id)
    const customerOf = (resource: Doc['data'][number]) => resource.relationships?.customer?.data?.id
    const shipmentOf = (resource: Doc['data'][number]) => resource.relationships?.shipment?.data?.id

    it("lists only its party's shipments, and none by another party's filter or number", async () => {
      const mine = await asCustomer('/v2/shipments?page[size]=100')
      const expected = await asOwner(`/v2/shipments?page[size]=100&filter[customer_id]=${parties.own}`)
      expect(idsOf(mine)).toEqual(idsOf(expected))
      expect(mine.data.map(customerOf)).toEqual(mine.data.map(() => parties.own))
      expect(idsOf(await asCustomer(`/v2/shipments?filter[customer_id]=${parties.other}`))).toEqual([])
      const other = (await service.get(`/v2/shipments/${otherParty.shipment}`)).body.data.attributes
      const byNumber = await asCustomer(`/v2/shipments?q=${encodeURIComponent(other.bill_of_lading_number)}`)
      expect(idsOf(byNumber)).not.toContain(otherParty.shipment)
    })

    it("shows the board's containers and tab counts of its party alone", async () => {
      const mine = await asCustomer('/v2/containers?page[size]=100&counts=tabs&include=shipment')
      const expected = await asOwner(
        `/v2/containers?page[size]=100&counts=tabs&filter[customer_id]=${parties.own}`,
      )
      expect(idsOf(mine)).toEqual(idsOf(expected))
      expect(mine.meta?.tab_counts).toEqual(expected.meta?.tab_counts)
      expect(idsOf(mine)).not.toContain(otherParty.container)
      const shipments = (mine.included ?? []).filter((resource) => resource.type === 'shipment')
      expect(shipments.length).toBeGreaterThan(0)
      expect(shipments.map((shipment) => shipment.relationships?.customer?.data?.id)).toEqual(
        shipments.map(() => parties.own),
      )
      const filtered = await asCustomer(`/v2/containers?filter[customer_id]=${parties.other}&counts=tabs`)
      expect(idsOf(filtered)).toEqual([])
    })

    it("finds its own numbers by search and not another party's, nor tracking requests", async () => {
      const numberOf = async (path: string, attribute: string) =>
        (await service.get(path)).body.data.attributes[attribute] as string
      const otherBl = await numberOf(`/v2/shipments/${otherParty.shipment}`, 'bill_of_lading_number')
      const otherBox = await numberOf(`/v2/containers/${otherParty.container}`, 'number')
      const ownBl = await numberOf(`/v2/shipments/${customerIds.shipment}`, 'bill_of_lading_number')
      const otherName = await numberOf(`/v2/parties/${parties.other}`, 'company_name')
      for (const query of [otherBl, otherBox, otherName, otherBox.slice(4, 10)]) {
        const found = await asCustomer(`/v2/search?query=${encodeURIComponent(query)}`)
        expect(idsOf(found)).not.toContain(otherParty.shipment)
        expect(idsOf(found)).not.toContain(otherParty.container)
        for (const hit of found.data as unknown as {
          attributes: { entity_type: string; shipment_id: string }
        }[]) {
          expect(hit.attributes.entity_type).not.toBe('tracking_request')
          if (hit.attributes.shipment_id)
            expect(
              (await service.get(`/v2/shipments/${hit.attributes.shipment_id}`, people.customer.token))
                .status,
            ).toBe(200)
        }
      }
      expect(idsOf(await asCustomer(`/v2/search?query=${encodeURIComponent(ownBl)}`))).toContain(
        customerIds.shipment,
      )
    })

    it('includes only what its own shipments lead to, and refuses a wider include', async () => {
      const shipments = await asCustomer('/v2/shipments?page[size]=100&include=containers,customer')
      const own = new Set(idsOf(shipments))
      for (const resource of shipments.included ?? []) {
        if (resource.type === 'container') expect(own).toContain(shipmentOf(resource as Doc['data'][number]))
        if (resource.type === 'party') expect(resource.id).toBe(parties.own)
      }
      const events = await asCustomer(
        `/v2/containers/${customerIds.container}/transport_events?include=shipment`,
      )
      for (const resource of events.included ?? [])
        if (resource.type === 'shipment') expect(own).toContain(resource.id)
      for (const path of [
        `/v2/shipments/${customerIds.shipment}?include=custom_fields`,
        '/v2/containers?include=shipment.custom_fields',
      ]) {
        const refused = await service.get(path, people.customer.token)
        expect([path, refused.status, refused.body.errors[0].source]).toEqual([
          path,
          400,
          { parameter: 'include' },
        ])
      }
    })

    it("maps only the vessels carrying its party's containers, and only those containers", async () => {
      const path = '/v2/vessels?filter[carrying]=active&include=containers,shipments'
      const mine = await asCustomer(path)
      const expected = await asOwner(`${path}&filter[customer_id]=${parties.own}`)
      const everyone = await asOwner(path)
      expect(idsOf(mine)).toEqual(idsOf(expected))
      expect(mine.meta?.containers_aboard).toEqual(expected.meta?.containers_aboard)
      expect(mine.meta?.containers_aboard).toBeGreaterThan(0)
      expect(Number(mine.meta?.containers_aboard)).toBeLessThan(Number(everyone.meta?.containers_aboard))
      for (const resource of mine.included ?? []) {
        if (resource.type === 'shipment') expect(resource.relationships?.customer?.data?.id).toBe(parties.own)
        if (resource.type === 'container') expect(resource.id).not.toBe(otherParty.container)
      }
      expect(idsOf(await asCustomer(`${path}&filter[customer_id]=${parties.other}`))).toEqual([])
    })

    it('sees nothing when its person names no party', async () => {
      const partyless = await personWithKey(service.storage, ids.me, 'customer')
      for (const path of [
        '/v2/shipments',
        '/v2/containers',
        '/v2/vessels?filter[carrying]=active',
        `/v2/search?query=${encodeURIComponent((await service.get(`/v2/containers/${customerIds.container}`)).body.data.attributes.number)}`,
      ])
        expect([path, idsOf(await asCustomer(path, partyless.token))]).toEqual([path, []])
      expect((await service.get(`/v2/shipments/${customerIds.shipment}`, partyless.token)).status).toBe(404)
    })
  })
})
