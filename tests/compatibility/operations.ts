import { KEY, type Service } from '../service/harness'

export type Ids = Record<string, string>

/**
 * How to call one reference operation on the demo account: the path with `:name` placeholders filled from
 * `Ids`, the query, a JSON body or a multipart form, and what to make afresh first (a record to delete).
 */
export type Recipe = {
  path: string
  body?: (ids: Ids) => unknown
  form?: (ids: Ids) => FormData
  fresh?: (service: Service, ids: Ids) => Promise<Ids>
}

let serial = 0
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++serial}`
const data = (type: string, attributes: unknown, extra: Record<string, unknown> = {}) => ({
  data: { type, attributes, ...extra },
})

const created = async (service: Service, path: string, body: unknown) => {
  const response = await service.call('POST', path, { body: JSON.stringify(body) })
  if (response.status !== 201) throw new Error(`Could not create ${path}: ${response.status}`)
  return response.body.data.id as string
}

const freshDefinition =
  (entityType: string, dataType = 'short_text') =>
  async (service: Service) => ({
    definition: await created(
      service,
      '/v2/custom_field_definitions',
      data('custom_field_definition', {
        entity_type: entityType,
        api_slug: unique('compat'),
        display_name: 'Compatibility',
        data_type: dataType,
      }),
    ),
  })

const freshOption = async (service: Service, ids: Ids) => {
  const { definition } = await freshDefinition('Container', 'enum')(service)
  return {
    definition,
    option: await created(
      service,
      `/v2/custom_field_definitions/${definition}/options`,
      data('custom_field_option', { label: 'Compatibility', value: unique('compat') }),
    ),
    ...ids,
  }
}

/** A tracking request field to read, edit or delete: a TrackingRequest definition and its value. */
const freshRequestField = async (service: Service, ids: Ids) => {
  const slug = await slugOf(service, (await freshDefinition('TrackingRequest')(service)).definition)
  await service.call('POST', `/v2/tracking_requests/${ids.trackingRequest}/custom_fields`, {
    body: JSON.stringify(data('custom_field', { api_slug: slug, value: 'A' })),
  })
  return { slug }
}

const slugOf = async (service: Service, definition: string) =>
  (await service.get(`/v2/custom_field_definitions/${definition}`)).body.data.attributes.api_slug as string

/** A shipment custom field value, by id. */
const freshValue = async (service: Service, ids: Ids) => {
  const { definition } = await freshDefinition('Shipment')(service)
  const response = await service.call('POST', `/v2/shipments/${ids.shipment}/custom_fields`, {
    body: JSON.stringify(data('custom_field', { api_slug: await slugOf(service, definition), value: 'A' })),
  })
  return { value: response.body.data.id as string }
}

const freshWebhook = async (service: Service) => ({
  webhook: await created(
    service,
    '/v2/webhooks',
    data('webhook', { url: 'https://93.184.216.34/hooks', events: ['tracking_request.failed'] }),
  ),
})

const upload = (name: string, bytes: string, type = 'application/pdf') => {
  const form = new FormData()
  form.set('name', name)
  form.set('file', new Blob([bytes], { type }), `${name}.pdf`)
  return form
}

const freshDocument = async (service: Service) => {
  const response = await fetch(`${service.baseUrl}/v2/documents`, {
    method: 'POST',
    headers: { Authorization: `Token ${KEY}` },
    body: upload('Compatibility', `%PDF-1.4 ${unique('compat')}`),
  })
  const body = (await response.json()) as { data: { id: string } }
  return { document: body.data.id }
}

const FORECAST = 'port_id=:port&previous_port_id=:previousPort'

/** Every operation of the reference document (method and path as it spells them), and how to call it. */
export const RECIPES: Record<string, Recipe> = {
  'GET /shipments': { path: '/v2/shipments?page[size]=5&include=containers' },
  'GET /shipments/{id}': { path: '/v2/shipments/:shipment?include=containers,pod_terminal' },
  'PATCH /shipments/{id}': {
    path: '/v2/shipments/:shipment',
    body: (ids) => data('shipment', { ref_numbers: ['COMPAT-1'] }, { id: ids.shipment }),
  },
  'PATCH /shipments/{id}/stop_tracking': { path: '/v2/shipments/:stoppable/stop_tracking' },
  'PATCH /shipments/{id}/resume_tracking': { path: '/v2/shipments/:stoppable/resume_tracking' },
  'POST /tracking_requests': {
    path: '/v2/tracking_requests',
    body: () =>
      data('tracking_request', {
        request_type: 'bill_of_lading',
        request_number: unique('MAEU').toUpperCase(),
        scac: 'MAEU',
        ref_numbers: ['COMPAT'],
      }),
  },
  'GET /tracking_requests': { path: '/v2/tracking_requests?page[size]=5' },
  'POST /tracking_requests/infer_number': {
    path: '/v2/tracking_requests/infer_number',
    body: () => ({ number: 'MRKU3700927' }),
  },
  'GET /tracking_requests/{id}': { path: '/v2/tracking_requests/:trackingRequest' },
  'PATCH /tracking_requests/{id}': {
    path: '/v2/tracking_requests/:trackingRequest',
    body: () => data('tracking_request', { ref_number: 'COMPAT-REF' }),
  },
  'GET /tracking_requests/{tracking_request_id}/custom_fields': {
    path: '/v2/tracking_requests/:trackingRequest/custom_fields',
    fresh: freshRequestField,
  },
  'POST /tracking_requests/{tracking_request_id}/custom_fields': {
    path: '/v2/tracking_requests/:trackingRequest/custom_fields',
    fresh: async (service) => ({
      slug: await slugOf(service, (await freshDefinition('TrackingRequest')(service)).definition),
    }),
    body: (ids) => data('custom_field', { api_slug: ids.slug, value: 'ABC124' }),
  },
  'PATCH /tracking_requests/{tracking_request_id}/custom_fields/{api_slug}': {
    path: '/v2/tracking_requests/:trackingRequest/custom_fields/:slug',
    fresh: freshRequestField,
    body: () => data('custom_field', { value: 'B' }),
  },
  'DELETE /tracking_requests/{tracking_request_id}/custom_fields/{api_slug}': {
    path: '/v2/tracking_requests/:trackingRequest/custom_fields/:slug',
    fresh: freshRequestField,
  },
  'GET /webhooks/{id}': { path: '/v2/webhooks/:webhook' },
  'PATCH /webhooks/{id}': {
    path: '/v2/webhooks/:webhook',
    body: () => data('webhook', { active: true }),
  },
  'DELETE /webhooks/{id}': { path: '/v2/webhooks/:webhook', fresh: freshWebhook },
  'GET /webhooks': { path: '/v2/webhooks?page[size]=5' },
  'POST /webhooks': {
    path: '/v2/webhooks',
    body: () =>
      data('webhook', { url: 'https://93.184.216.34/hooks', events: ['container.transport.full_out'] }),
  },
  'GET /webhooks/events': { path: '/v2/webhooks/events' },
  'GET /webhook_notifications/{id}': {
    path: '/v2/webhook_notifications/:notification?include=webhook,reference_object',
  },
  'GET /webhook_notifications': { path: '/v2/webhook_notifications?page[size]=5' },
  'GET /webhook_notifications/examples': {
    path: '/v2/webhook_notifications/examples?event=container.transport.vessel_arrived',
  },
  'GET /webhooks/ips': { path: '/v2/webhooks/ips' },
  'POST /webhooks/trigger': {
    path: '/v2/webhooks/trigger',
    body: (ids) => ({ url: ids.receiver, event: 'tracking_request.succeeded' }),
  },
  'GET /containers': { path: '/v2/containers?page[size]=5' },
  'PATCH /containers': {
    path: '/v2/containers',
    body: (ids) => data('container', { ref_numbers: ['COMPAT-C'] }, { id: ids.container }),
  },
  'GET /containers/{id}': { path: '/v2/containers/:container?include=shipment,pod_terminal' },
  'GET /containers/{id}/raw_events': { path: '/v2/containers/:container/raw_events' },
  'GET /containers/{id}/transport_events': { path: '/v2/containers/:container/transport_events' },
  'GET /containers/{id}/map_geojson': { path: '/v2/containers/:sailing/map_geojson' },
  'PATCH /containers/{id}/refresh': { path: '/v2/containers/:container/refresh' },
  'GET /shipping_lines': { path: '/v2/shipping_lines' },
  'GET /shipping_lines/{id}': { path: '/v2/shipping_lines/:shippingLine' },
  'GET /metro_areas/{id}': { path: '/v2/metro_areas/USLAX' },
  'GET /ports/{id}': { path: '/v2/ports/USLAX' },
  'GET /vessels/{id}': { path: '/v2/vessels/:vesselId' },
  'GET /vessels/{imo}': { path: '/v2/vessels/:vessel' },
  'GET /vessels/{id}/future_positions': { path: `/v2/vessels/:vesselId/future_positions?${FORECAST}` },
  'GET /vessels/{id}/future_positions_with_coordinates': {
    path: `/v2/vessels/:vesselId/future_positions_with_coordinates?${FORECAST}&latitude=38.5&longitude=165`,
  },
  'GET /terminals/{id}': { path: '/v2/terminals/:terminal' },
  'GET /parties': { path: '/v2/parties' },
  'POST /parties': {
    path: '/v2/parties',
    body: () => data('party', { company_name: unique('Compat Imports') }),
  },
  'GET /custom_field_definitions': { path: '/v2/custom_field_definitions' },
  'POST /custom_field_definitions': {
    path: '/v2/custom_field_definitions',
    body: () =>
      data('custom_field_definition', {
        entity_type: 'Shipment',
        api_slug: unique('compat'),
        display_name: 'Compatibility',
        data_type: 'short_text',
      }),
  },
  'GET /custom_field_definitions/{id}': { path: '/v2/custom_field_definitions/:enumDefinition' },
  'PATCH /custom_field_definitions/{id}': {
    path: '/v2/custom_field_definitions/:enumDefinition',
    body: () => data('custom_field_definition', { description: 'Checked by the compatibility suite' }),
  },
  'DELETE /custom_field_definitions/{id}': {
    path: '/v2/custom_field_definitions/:definition',
    fresh: freshDefinition('Shipment'),
  },
  'GET /custom_field_definitions/{definition_id}/options': {
    path: '/v2/custom_field_definitions/:enumDefinition/options',
  },
  'POST /custom_field_definitions/{definition_id}/options': {
    path: '/v2/custom_field_definitions/:enumDefinition/options',
    body: () => data('custom_field_option', { label: 'Compatibility', value: unique('compat') }),
  },
  'GET /custom_field_definitions/{definition_id}/options/{option_id}': {
    path: '/v2/custom_field_definitions/:enumDefinition/options/:enumOption',
  },
  'PATCH /custom_field_definitions/{definition_id}/options/{option_id}': {
    path: '/v2/custom_field_definitions/:enumDefinition/options/:enumOption',
    body: () => data('custom_field_option', { label: 'Edited' }),
  },
  'DELETE /custom_field_definitions/{definition_id}/options/{option_id}': {
    path: '/v2/custom_field_definitions/:definition/options/:option',
    fresh: freshOption,
  },
  'GET /custom_fields': { path: '/v2/custom_fields?page[size]=5' },
  'POST /custom_fields': {
    path: '/v2/custom_fields',
    fresh: async (service) => ({
      slug: await slugOf(service, (await freshDefinition('Shipment')(service)).definition),
    }),
    body: (ids) =>
      data(
        'custom_field',
        { api_slug: ids.slug, value: 'ABC124' },
        { relationships: { entity: { data: { type: 'shipment', id: ids.shipment } } } },
      ),
  },
  'GET /custom_fields/{id}': { path: '/v2/custom_fields/:value', fresh: freshValue },
  'PATCH /custom_fields/{id}': {
    path: '/v2/custom_fields/:value',
    fresh: freshValue,
    body: () => data('custom_field', { value: 'B' }),
  },
  'DELETE /custom_fields/{id}': { path: '/v2/custom_fields/:value', fresh: freshValue },
  'GET /shipments/{shipment_id}/custom_fields': { path: '/v2/shipments/:shipment/custom_fields' },
  'POST /shipments/{shipment_id}/custom_fields': {
    path: '/v2/shipments/:shipment/custom_fields',
    body: () => data('custom_field', { api_slug: 'broker', value: 'Livingston' }),
  },
  'PATCH /shipments/{shipment_id}/custom_fields/{api_slug}': {
    path: '/v2/shipments/:shipment/custom_fields/broker',
    body: () => data('custom_field', { value: 'Expeditors' }),
  },
  'DELETE /shipments/{shipment_id}/custom_fields/{api_slug}': {
    path: '/v2/shipments/:shipment/custom_fields/broker',
    fresh: async (service, ids) => {
      await service.call('POST', `/v2/shipments/${ids.shipment}/custom_fields`, {
        body: JSON.stringify(data('custom_field', { api_slug: 'broker', value: 'Livingston' })),
      })
      return {}
    },
  },
  'GET /containers/{container_id}/custom_fields': { path: '/v2/containers/:container/custom_fields' },
  'POST /containers/{container_id}/custom_fields': {
    path: '/v2/containers/:container/custom_fields',
    body: () => data('custom_field', { api_slug: 'needs_exam', value: true }),
  },
  'PATCH /containers/{container_id}/custom_fields/{api_slug}': {
    path: '/v2/containers/:container/custom_fields/needs_exam',
    body: () => data('custom_field', { value: false }),
  },
  'DELETE /containers/{container_id}/custom_fields/{api_slug}': {
    path: '/v2/containers/:container/custom_fields/needs_exam',
    fresh: async (service, ids) => {
      await service.call('POST', `/v2/containers/${ids.container}/custom_fields`, {
        body: JSON.stringify(data('custom_field', { api_slug: 'needs_exam', value: true })),
      })
      return {}
    },
  },
  'GET /parties/{id}': { path: '/v2/parties/:party' },
  'PATCH /parties/{id}': {
    path: '/v2/parties/:party',
    body: () => data('party', { company_name: unique('Renamed Imports') }),
  },
  'GET /documents': { path: '/v2/documents?page[size]=5' },
  'POST /documents': {
    path: '/v2/documents',
    form: () => upload('Compatibility upload', `%PDF-1.4 ${unique('compat')}`),
  },
  'GET /documents/types': { path: '/v2/documents/types' },
  'GET /documents/{id}': { path: '/v2/documents/:document' },
  'PATCH /documents/{id}': {
    path: '/v2/documents/:document',
    body: () => data('document', { classification_notes: 'Checked by the compatibility suite' }),
  },
  'DELETE /documents/{id}': { path: '/v2/documents/:document', fresh: freshDocument },
  'GET /documents/{id}/download_url': { path: '/v2/documents/:document/download_url' },
  'POST /documents/{id}/reextract': { path: '/v2/documents/:document/reextract' },
  'POST /documents/{id}/reclassify': { path: '/v2/documents/:document/reclassify' },
  'POST /documents/{id}/relink': { path: '/v2/documents/:document/relink' },
  'POST /documents/{id}/rotate': { path: '/v2/documents/:document/rotate', body: () => ({ degrees: 90 }) },
  'GET /email_submissions': { path: '/v2/email_submissions?page[size]=5' },
  'GET /email_submissions/{id}': { path: '/v2/email_submissions/:submission' },
  'GET /document_schemas/{id}': { path: '/v2/document_schemas/:documentSchema' },
  'GET /search': { path: '/v2/search?query=:searchNumber' },
}
