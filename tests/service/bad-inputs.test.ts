import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

type Source = { parameter: string } | { pointer: string } | null
type Case = { route: string; request: string; body?: unknown; status: number; source: Source }

const LISTS = [
  '/v2/shipments',
  '/v2/containers',
  '/v2/tracking_requests',
  '/v2/parties',
  '/v2/custom_fields',
  '/v2/custom_field_definitions',
  '/v2/custom_field_definitions/:definition/options',
  '/v2/shipments/:shipment/custom_fields',
  '/v2/containers/:container/custom_fields',
  '/v2/tracking_requests/:trackingRequest/custom_fields',
  '/v2/email_submissions',
  '/v2/documents',
  '/v2/webhooks',
  '/v2/webhook_notifications',
]

const query = (route: string, rest: string, parameter: string): Case => ({
  route: `GET ${route}`,
  request: `GET ${route}?${rest}`,
  status: 400,
  source: { parameter },
})

/** Every list refuses bad page parameters and includes the same way. */
const pageCases = LISTS.flatMap((route) => [
  query(route, 'page[number]=0', 'page[number]'),
  query(route, 'page[number]=99999999999999999999', 'page[number]'),
  query(route, 'page[size]=ten', 'page[size]'),
  query(route, 'include=captain', 'include'),
  query(route, 'page[size]=%00', 'page[size]'),
])

const body = (route: string, payload: unknown, status: number, source: Source, label = ''): Case => ({
  route: route + label,
  request: route,
  body: payload,
  status,
  source,
})
const attributes = (type: string, attrs: unknown, extra: Record<string, unknown> = {}) => ({
  data: { type, attributes: attrs, ...extra },
})
const pointer = (path: string) => ({ pointer: path })
const DASHES = '-'.repeat(36)
const track = (attrs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  attributes(
    'tracking_request',
    { request_type: 'bill_of_lading', request_number: 'MAEU900000001', scac: 'MAEU', ...attrs },
    extra,
  )

const CASES: Case[] = [
  ...pageCases,
  query('/v2/shipments', 'filter[customer_id]=not-a-uuid', 'filter[customer_id]'),
  query('/v2/shipments', 'filter[tracking_stopped]=maybe', 'filter[tracking_stopped]'),
  query('/v2/shipments', 'q=%00', 'q'),
  query('/v2/shipments', 'include=containers.captain', 'include'),
  query('/v2/custom_fields', 'filter[entity_id]=x', 'filter[entity_id]'),
  query('/v2/custom_fields', `filter[definition_id]=${DASHES}`, 'filter[definition_id]'),
  query('/v2/custom_fields', 'filter[entity_type]=Boat', 'filter[entity_type]'),
  query('/v2/tracking_requests', 'filter[status]=lost', 'filter[status]'),
  query('/v2/tracking_requests', 'filter[created_at][start]=soon', 'filter[created_at][start]'),
  query('/v2/tracking_requests', 'filter[created_at][start]=-000001-01-01', 'filter[created_at][start]'),
  query('/v2/tracking_requests', 'filter[created_at][end]=275760-01-01', 'filter[created_at][end]'),
  query('/v2/documents', 'filter[filename]=%00', 'filter[filename]'),
  query('/v2/search', 'query=', 'query'),
  query('/v2/search', `query=${'A'.repeat(101)}`, 'query'),
  query('/v2/search', 'query=%00', 'query'),
  query('/v2/shipping_lines', 'include=vessels', 'include'),
  query('/v2/account', 'include=users', 'include'),
  // the board's view of the containers list
  query('/v2/containers', 'filter[tab]=urgent', 'filter[tab]'),
  query('/v2/containers', 'filter[tab]=%00', 'filter[tab]'),
  query('/v2/containers', 'filter[lfd_within_days]=-1', 'filter[lfd_within_days]'),
  query('/v2/containers', 'filter[lfd_within_days]=99999999999999999999', 'filter[lfd_within_days]'),
  query('/v2/containers', 'filter[pod_terminal_id]=x', 'filter[pod_terminal_id]'),
  query('/v2/containers', 'filter[customer_id]=x', 'filter[customer_id]'),
  query('/v2/containers', `filter[hold]=${'A'.repeat(101)}`, 'filter[hold]'),
  query('/v2/containers', 'filter[tags]=%00', 'filter[tags]'),
  query('/v2/containers', 'sort=-fees', 'sort'),
  query('/v2/containers', 'counts=everything', 'counts'),
  query('/v2/shipments/:shipment', 'include=captain', 'include'),
  query('/v2/containers/:container', 'include=shipment.captain', 'include'),
  query('/v2/containers/:container/transport_events', 'include=captain', 'include'),
  query('/v2/containers/:container/raw_events', 'include=captain', 'include'),
  query('/v2/tracking_requests/:trackingRequest', 'include=captain', 'include'),
  query('/v2/email_submissions/:submission', 'include=captain', 'include'),
  query('/v2/documents/:document', 'include=captain', 'include'),
  query('/v2/webhook_notifications/:notification', 'include=reference_object.captain', 'include'),
  query('/v2/ports/USLAX', 'include=captain', 'include'),
  query('/v2/terminals/:terminal', 'include=captain', 'include'),
  query('/v2/metro_areas/USLAX', 'include=captain', 'include'),
  query('/v2/documents', 'sort=size', 'sort'),
  query('/v2/tracking_requests', 'filter[updated_at][end]=later', 'filter[updated_at][end]'),
  query('/v2/custom_field_definitions', 'filter[data_type]=colour', 'filter[data_type]'),
  query('/v2/webhook_notifications/examples', 'event=container.teleported', 'event'),
  query('/v2/vessels/:vessel', 'show_positions[from_timestamp]=soon', 'show_positions[from_timestamp]'),
  query('/v2/vessels/:vessel/future_positions', 'previous_port_id=CNSHA', 'port_id'),
  query('/v2/shipments', 'page[number]=1&page[number]=2', 'page[number]'),
  ...[
    ['previous_port_id=CNSHA&latitude=38.5&longitude=165', 'port_id'],
    ['port_id=USLAX&latitude=38.5&longitude=165', 'previous_port_id'],
    ['port_id=USLAX&previous_port_id=CNSHA&latitude=north&longitude=165', 'latitude'],
    ['port_id=USLAX&previous_port_id=CNSHA&latitude=38.5&longitude=181', 'longitude'],
    ['port_id=USLAX&previous_port_id=CNSHA&latitude=38.5&longitude=165&include=captain', 'include'],
  ].map(([rest, parameter]) =>
    query('/v2/vessels/:vessel/future_positions_with_coordinates', rest, parameter),
  ),

  body('POST /v2/tracking_requests', [], 422, pointer(''), ' (an array)'),
  body('POST /v2/tracking_requests', {}, 422, pointer('/data'), ' (no data)'),
  body(
    'POST /v2/tracking_requests',
    track({ request_type: 'pallet' }),
    422,
    pointer('/data/attributes/request_type'),
  ),
  body('POST /v2/tracking_requests', track({ scac: 'NOPE' }), 422, pointer('/data/attributes/scac')),
  body(
    'POST /v2/tracking_requests',
    track({ ref_numbers: 'PO-1' }),
    422,
    pointer('/data/attributes/ref_numbers'),
  ),
  body(
    'POST /v2/tracking_requests',
    track({}, { relationships: { customer: { data: { id: DASHES, type: 'party' } } } }),
    422,
    pointer('/data/relationships/customer/data/id'),
  ),
  body(
    'POST /v2/tracking_requests',
    track({ request_number: 'A\u0000B' }),
    422,
    pointer('/data/attributes/request_number'),
  ),
  body('POST /v2/tracking_requests/infer_number', {}, 422, pointer('/number')),
  body('POST /v2/tracking_requests/infer_number', { number: 5 }, 422, pointer('/number')),
  body('POST /v2/parties', [], 422, pointer('')),
  body(
    'PATCH /v2/parties/:party',
    attributes('party', { company_name: ' ' }),
    422,
    pointer('/data/attributes/company_name'),
  ),
  body('PATCH /v2/containers', attributes('container', { ref_numbers: [] }), 422, pointer('/data/id')),
  body(
    'PATCH /v2/containers',
    attributes('container', { ref_numbers: 'PO-1' }, { id: ':container' }),
    422,
    pointer('/data/attributes/ref_numbers'),
  ),
  body(
    'PATCH /v2/tracking_requests/:trackingRequest',
    attributes('tracking_request', { ref_numbers: 'x' }),
    422,
    pointer('/data/attributes/ref_numbers'),
  ),
  body(
    'POST /v2/custom_fields',
    attributes(
      'custom_field',
      { api_slug: 'broker', value: 'A' },
      { relationships: { entity: { data: { type: 'vessel', id: DASHES } } } },
    ),
    422,
    pointer('/data/relationships/entity/data/type'),
  ),
  body(
    'POST /v2/custom_fields',
    attributes(
      'custom_field',
      { api_slug: 'broker', value: 'A' },
      { relationships: { entity: { data: { type: 'shipment', id: DASHES } } } },
    ),
    422,
    pointer('/data/relationships/entity/data/id'),
  ),
  body('POST /v2/documents/:document/rotate', { degrees: 45 }, 422, pointer('/degrees')),
  body(
    'POST /v2/documents',
    attributes('document', { name: 'x', attached_document: 'b' }),
    422,
    pointer('/data/attributes/attached_document'),
  ),
  body(
    'POST /v2/tracking_requests',
    track({ initial_custom_fields: { shipment: [{ api_slug: 'broker', value: 5 }] } }),
    422,
    pointer('/data/attributes/initial_custom_fields/shipment/0/value'),
  ),
  body(
    'POST /v2/custom_field_definitions',
    attributes('custom_field_definition', {
      entity_type: 'Shipment',
      api_slug: 'limits',
      display_name: 'Limits',
      data_type: 'number',
      default_value: 'many',
    }),
    422,
    pointer('/data/attributes/default_value'),
  ),
  body('POST /v2/parties', attributes('party', {}), 422, pointer('/data/attributes/company_name')),
  body(
    'POST /v2/parties',
    attributes('party', { company_name: 'a\u0000b' }),
    422,
    pointer('/data/attributes/company_name'),
  ),
  body(
    'PATCH /v2/shipments/:shipment',
    attributes('shipment', { tags: 'x' }),
    422,
    pointer('/data/attributes/tags'),
  ),
  body('PATCH /v2/shipments/:shipment', attributes('container', {}), 422, pointer('/data/type')),
  body(
    'PATCH /v2/shipments/:shipment',
    attributes('shipment', { tags: ['x'] }, { id: DASHES }),
    409,
    pointer('/data/id'),
    ' (another id in the body)',
  ),
  body(
    'PATCH /v2/custom_field_definitions/:definition/options/:option',
    attributes('custom_field_option', { label: 'X' }, { id: ':definition' }),
    409,
    pointer('/data/id'),
    ' (the parent id in the body)',
  ),
  body(
    'PATCH /v2/webhooks/:webhook',
    attributes('webhook', { active: true }, { id: ':notification' }),
    409,
    pointer('/data/id'),
    ' (another id in the body)',
  ),
  body(
    'POST /v2/shipments/:shipment/custom_fields',
    attributes('custom_field', { api_slug: 'nonexistent', value: 'x' }),
    422,
    pointer('/data/attributes/api_slug'),
  ),
  body(
    'POST /v2/shipments/:shipment/custom_fields',
    attributes('custom_field', { api_slug: 'booked_at', value: '2026-02-30T10:00:00Z' }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'POST /v2/shipments/:shipment/custom_fields',
    attributes('custom_field', { api_slug: 'customer_po', value: 'PO-12345' }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'PATCH /v2/shipments/:shipment/custom_fields/nonexistent',
    attributes('custom_field', { value: 'x' }),
    404,
    null,
  ),
  body(
    'PATCH /v2/containers/:container/custom_fields/handling',
    attributes('custom_field', { value: ['teleported'] }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'POST /v2/containers/:container/custom_fields',
    attributes('custom_field', { api_slug: 'needs_exam' }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'POST /v2/custom_field_definitions',
    attributes('custom_field_definition', {
      entity_type: 'Shipment',
      api_slug: 'Not A Slug',
      display_name: 'X',
      data_type: 'short_text',
    }),
    422,
    pointer('/data/attributes/api_slug'),
  ),
  body(
    'POST /v2/custom_field_definitions',
    attributes('custom_field_definition', {
      entity_type: 'Vessel',
      api_slug: 'x',
      display_name: 'X',
      data_type: 'short_text',
    }),
    422,
    pointer('/data/attributes/entity_type'),
  ),
  body(
    'PATCH /v2/custom_field_definitions/:definition',
    attributes('custom_field_definition', { data_type: 'number' }),
    422,
    pointer('/data/attributes/data_type'),
  ),
  body(
    'POST /v2/custom_field_definitions/:definition/options',
    attributes('custom_field_option', { label: 'X' }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'POST /v2/custom_field_definitions/:definition/options',
    attributes('custom_field_option', { label: 'High again', value: 'high' }),
    422,
    pointer('/data/attributes/value'),
  ),
  body(
    'PATCH /v2/custom_field_definitions/:definition/options/:option',
    attributes('custom_field_option', { position: -1 }),
    422,
    pointer('/data/attributes/position'),
  ),
  body(
    'PATCH /v2/custom_field_definitions/:definition/options/:option',
    attributes('custom_field_option', { position: 2 ** 31 }),
    422,
    pointer('/data/attributes/position'),
    ' (past a 32-bit integer)',
  ),
  body(
    'POST /v2/custom_field_definitions/:definition/options',
    attributes('custom_field_option', { label: 'Far', value: 'far_away', position: 2 ** 53 }),
    422,
    pointer('/data/attributes/position'),
    ' (past a 32-bit integer)',
  ),
  body(
    'PATCH /v2/documents/:document',
    attributes('document', {}, { relationships: { cargos: { data: [{ id: DASHES, type: 'container' }] } } }),
    422,
    pointer('/data/relationships/cargos/data/0/id'),
  ),
  body(
    'PATCH /v2/documents/:document',
    attributes('document', {}, { relationships: { shipments: { data: [{ id: 'x', type: 'shipment' }] } } }),
    422,
    pointer('/data/relationships/shipments/data/0/id'),
  ),
  body(
    'PATCH /v2/documents/:document',
    attributes('document', { name: '' }),
    422,
    pointer('/data/attributes/name'),
  ),
  ...[
    [{ name: 'X-Env', value: 'a\r\nX-Injected: 1' }, '/data/attributes/headers/0/value'],
    [{ name: 'X-Env', value: 'a\nb' }, '/data/attributes/headers/0/value'],
    [{ name: 'Host', value: 'evil.example' }, '/data/attributes/headers/0/name'],
    [{ name: 'content-length', value: '0' }, '/data/attributes/headers/0/name'],
    [{ name: 'Content-Type', value: 'text/plain' }, '/data/attributes/headers/0/name'],
    [{ name: 'X-T49-Webhook-Signature', value: 'forged' }, '/data/attributes/headers/0/name'],
    [{ name: 'Webhook-Id', value: '1' }, '/data/attributes/headers/0/name'],
    [{ name: 'X-Env', value: 'caf\u00e9 \u20ac' }, '/data/attributes/headers/0/value'],
    [{ name: 'X-Env', value: 'a\u0000b' }, '/data/attributes/headers/0/value'],
    [{ name: 'X Env', value: 'a' }, '/data/attributes/headers/0/name'],
  ].map(([header, at]) =>
    body(
      'POST /v2/webhooks',
      attributes('webhook', {
        url: 'https://93.184.216.34/hooks',
        events: ['tracking_request.failed'],
        headers: [header],
      }),
      422,
      pointer(at as string),
      ` (header ${JSON.stringify(header)})`,
    ),
  ),
  body(
    'PATCH /v2/webhooks/:webhook',
    attributes('webhook', {
      headers: [
        { name: 'X-Ok', value: 'fine' },
        { name: 'Host', value: 'x' },
      ],
    }),
    422,
    pointer('/data/attributes/headers/1/name'),
  ),
  body(
    'PATCH /v2/webhooks/:webhook',
    attributes('webhook', { url: 'ftp://x' }),
    422,
    pointer('/data/attributes/url'),
  ),
]

describe.each(DATABASE_KINDS)('bad input on %s', (kind) => {
  let service: Service
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    service = await startService(kind)
    const first = async (path: string) => (await service.get(path)).body.data[0].id as string
    ids.shipment = await first('/v2/shipments?page[size]=1')
    ids.container = await first('/v2/containers?page[size]=1')
    ids.definition = await first('/v2/custom_field_definitions?filter[data_type]=enum')
    ids.option = await first(`/v2/custom_field_definitions/${ids.definition}/options`)
    ids.trackingRequest = await first('/v2/tracking_requests?page[size]=1')
    ids.submission = await first('/v2/email_submissions?page[size]=1')
    ids.document = await first('/v2/documents?page[size]=1')
    ids.webhook = await first('/v2/webhooks?page[size]=1')
    ids.notification = await first('/v2/webhook_notifications?page[size]=1')
    ids.party = await first('/v2/parties?page[size]=1')
    ids.terminal = (
      await service.get(`/v2/shipments/${ids.shipment}`)
    ).body.data.relationships.pod_terminal.data.id
    ids.vessel = (await service.get(`/v2/shipments/${ids.shipment}`)).body.data.attributes.pod_vessel_imo
  })
  afterAll(() => service?.stop())

  it.each(CASES.map((c) => [`${c.route} ${c.request.split('?')[1] ?? ''}`.trim(), c] as const))(
    '%s answers with the status, the source and the error envelope',
    async (_, c) => {
      const [method, path] = c.request.split(' ')
      const response = await service.call(
        method,
        path.replaceAll(/:(\w+)/g, (_, name: string) => ids[name]),
        {
          body:
            c.body === undefined
              ? undefined
              : JSON.stringify(c.body).replaceAll(
                  /"id":":(\w+)"/g,
                  (_, name: string) => `"id":"${ids[name]}"`,
                ),
        },
      )
      expect(response.status).toBe(c.status)
      expect(response.headers.get('content-type')).toBe('application/vnd.api+json')
      const [error] = parsed(ErrorDocumentSchema, response.body).errors
      expect(error).toMatchObject({
        status: String(c.status),
        title: expect.any(String),
        detail: expect.any(String),
      })
      expect(error.source ?? null).toEqual(c.source)
    },
  )
})
