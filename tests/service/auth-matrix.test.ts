import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'

type Route = { method: string; path: string; body?: unknown }

/** Every route, with ids from the demo account; `:x` placeholders are filled in before the tests run. */
const ROUTES: Route[] = [
  { method: 'GET', path: '/v2/shipments' },
  { method: 'GET', path: '/v2/shipments/:shipment' },
  {
    method: 'PATCH',
    path: '/v2/shipments/:shipment',
    body: { data: { type: 'shipment', attributes: { tags: ['x'] } } },
  },
  { method: 'PATCH', path: '/v2/shipments/:shipment/stop_tracking' },
  { method: 'PATCH', path: '/v2/shipments/:shipment/resume_tracking' },
  { method: 'GET', path: '/v2/shipments/:shipment/custom_fields' },
  {
    method: 'POST',
    path: '/v2/shipments/:shipment/custom_fields',
    body: { data: { type: 'custom_field', attributes: { api_slug: 'broker', value: 'A' } } },
  },
  { method: 'GET', path: '/v2/containers' },
  { method: 'GET', path: '/v2/containers/:container' },
  { method: 'GET', path: '/v2/containers/:container/transport_events' },
  { method: 'GET', path: '/v2/containers/:container/raw_events' },
  { method: 'GET', path: '/v2/containers/:container/custom_fields' },
  {
    method: 'POST',
    path: '/v2/containers/:container/custom_fields',
    body: { data: { type: 'custom_field', attributes: { api_slug: 'needs_exam', value: true } } },
  },
  { method: 'GET', path: '/v2/custom_fields' },
  { method: 'GET', path: '/v2/custom_field_definitions' },
  { method: 'GET', path: '/v2/custom_field_definitions/:definition' },
  { method: 'GET', path: '/v2/custom_field_definitions/:definition/options' },
  { method: 'GET', path: '/v2/tracking_requests' },
  { method: 'GET', path: '/v2/tracking_requests/:trackingRequest' },
  { method: 'POST', path: '/v2/tracking_requests/infer_number', body: { number: 'MRKU3700927' } },
  { method: 'GET', path: '/v2/parties' },
  { method: 'GET', path: '/v2/email_submissions' },
  { method: 'GET', path: '/v2/email_submissions/:submission' },
  { method: 'GET', path: '/v2/documents' },
  { method: 'GET', path: '/v2/documents/:document' },
  { method: 'GET', path: '/v2/documents/:document/download_url' },
  { method: 'GET', path: '/v2/webhooks' },
  { method: 'GET', path: '/v2/webhooks/:webhook' },
  { method: 'GET', path: '/v2/webhooks/events' },
  { method: 'GET', path: '/v2/webhook_notifications' },
  { method: 'GET', path: '/v2/webhook_notifications/:notification' },
  { method: 'GET', path: '/v2/shipping_lines' },
  { method: 'GET', path: '/v2/ports/USLAX' },
  { method: 'GET', path: '/v2/search?query=MSKU' },
]

describe.each(DATABASE_KINDS)('the auth matrix on %s', (kind) => {
  let service: Service
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    service = await startService(kind)
    const first = async (path: string) => (await service.get(path)).body.data[0].id as string
    ids.shipment = await first('/v2/shipments?page[size]=1')
    ids.container = await first('/v2/containers?page[size]=1')
    ids.definition = await first('/v2/custom_field_definitions?page[size]=1')
    ids.trackingRequest = await first('/v2/tracking_requests?page[size]=1')
    ids.submission = await first('/v2/email_submissions?page[size]=1')
    ids.document = await first('/v2/documents?page[size]=1')
    ids.webhook = await first('/v2/webhooks?page[size]=1')
    ids.notification = await first('/v2/webhook_notifications?page[size]=1')
  })
  afterAll(() => service?.stop())

  const send = (route: Route, key: string | null) =>
    service.call(
      route.method,
      route.path.replaceAll(/:(\w+)/g, (_, name: string) => ids[name]),
      {
        key,
        body: route.body === undefined ? undefined : JSON.stringify(route.body),
      },
    )
  const name = (route: Route) => `${route.method} ${route.path}`
  const isWrite = (route: Route) => route.method !== 'GET'
  const ownsIds = (route: Route) => route.path.includes(':')

  it.each(ROUTES.map((route) => [name(route), route] as const))('%s needs a token', async (_, route) => {
    expect((await send(route, null)).status).toBe(401)
  })

  it.each(ROUTES.map((route) => [name(route), route] as const))(
    '%s answers the owner with a read-write key',
    async (_, route) => {
      expect((await send(route, KEY)).status).toBeLessThan(300)
    },
  )

  it.each(ROUTES.map((route) => [name(route), route] as const))(
    '%s lets a read-only key read and refuses it a write',
    async (_, route) => {
      expect((await send(route, READ_KEY)).status).toBe(isWrite(route) ? 403 : 200)
    },
  )

  it.each(ROUTES.filter(ownsIds).map((route) => [name(route), route] as const))(
    "%s hides the demo account's records from the second account",
    async (_, route) => {
      expect((await send(route, OTHER_KEY)).status).toBe(404)
    },
  )
})
