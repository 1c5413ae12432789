import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import {
  WebhookDocumentSchema,
  WebhookListDocumentSchema,
  WebhookNotificationDocumentSchema,
  WebhookNotificationListDocumentSchema,
} from '../../src/contract/webhooks'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const hook = (attributes: Record<string, unknown>) =>
  JSON.stringify({ data: { type: 'webhook', attributes } })

describe.each(DATABASE_KINDS)('webhooks over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  it('creates a webhook with a generated secret, edits it and deletes it', async () => {
    const created = await service.call('POST', '/v2/webhooks', {
      body: hook({
        url: 'https://93.184.216.34/hooks',
        events: ['container.transport.available'],
        headers: [{ name: 'X-Env', value: 'test' }],
      }),
    })
    expect(created.status).toBe(201)
    const webhook = parsed(WebhookDocumentSchema, created.body).data
    expect(webhook.attributes.secret).toMatch(/^[0-9a-f]{48}$/)
    expect(webhook.attributes.active).toBe(true)
    const patched = await service.call('PATCH', `/v2/webhooks/${webhook.id}`, {
      body: hook({ active: false, events: ['tracking_request.failed'] }),
    })
    expect(parsed(WebhookDocumentSchema, patched.body).data.attributes).toMatchObject({
      active: false,
      events: ['tracking_request.failed'],
    })
    expect((await service.get(`/v2/webhooks/${webhook.id}`, OTHER_KEY)).status).toBe(404)
    expect((await service.call('DELETE', `/v2/webhooks/${webhook.id}`)).status).toBe(200)
    expect((await service.get(`/v2/webhooks/${webhook.id}`)).status).toBe(404)
  })

  it.each([
    [
      'a loopback URL',
      { url: 'http://127.0.0.1:8080/x', events: ['tracking_request.failed'] },
      '/data/attributes/url',
    ],
    [
      'the cloud metadata address',
      { url: 'http://169.254.169.254/latest', events: ['tracking_request.failed'] },
      '/data/attributes/url',
    ],
    [
      'an event kind that does not exist',
      { url: 'https://93.184.216.34/x', events: ['container.teleported'] },
      '/data/attributes/events/0',
    ],
    ['no events', { url: 'https://93.184.216.34/x', events: [] }, '/data/attributes/events'],
    [
      'a secret, which the service makes',
      { url: 'https://93.184.216.34/x', events: ['tracking_request.failed'], secret: 'mine' },
      '/data/attributes/secret',
    ],
  ])('refuses %s with 422 and a pointer', async (_, attributes, pointer) => {
    const response = await service.call('POST', '/v2/webhooks', { body: hook(attributes) })
    expect(response.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.pointer).toBe(pointer)
  })

  it('refuses webhook changes with a read-only key', async () => {
    const response = await service.call('POST', '/v2/webhooks', {
      key: READ_KEY,
      body: hook({ url: 'https://93.184.216.34/x', events: ['tracking_request.failed'] }),
    })
    expect(response.status).toBe(403)
  })

  it('lists the event kinds by category', async () => {
    const { body } = await service.get('/v2/webhooks/events')
    const kinds = body.data.flatMap((category: { attributes: { events: { name: string }[] } }) =>
      category.attributes.events.map((e) => e.name),
    )
    expect(kinds).toHaveLength(44)
  })

  it('lists the demo webhooks and their notifications with delivery logs', async () => {
    const webhooks = parsed(WebhookListDocumentSchema, (await service.get('/v2/webhooks')).body)
    expect(webhooks.data.length).toBeGreaterThanOrEqual(2)
    const list = parsed(
      WebhookNotificationListDocumentSchema,
      (await service.get('/v2/webhook_notifications?include=webhook_notification_logs')).body,
    )
    expect(list.data.length).toBeGreaterThan(0)
    expect(new Set(list.data.map((n) => n.attributes.delivery_status))).toEqual(
      new Set(['succeeded', 'failed']),
    )
    const one = parsed(
      WebhookNotificationDocumentSchema,
      (await service.get(`/v2/webhook_notifications/${list.data[0].id}?include=reference_object,webhook`))
        .body,
    )
    expect(one.included?.map((r) => r.type)).toEqual(expect.arrayContaining(['tracking_request', 'webhook']))
    expect((await service.get(`/v2/webhook_notifications/${list.data[0].id}`, OTHER_KEY)).status).toBe(404)
  })

  it('includes through the polymorphic reference object, following a name any of its types has', async () => {
    const response = await service.get(
      '/v2/webhook_notifications?include=reference_object.tracked_object,reference_object.shipment&page[size]=100',
    )
    expect(response.status).toBe(200)
    const list = parsed(WebhookNotificationListDocumentSchema, response.body)
    const referenced = new Set(list.data.map((n) => n.relationships?.reference_object?.data?.type))
    expect(referenced.has('tracking_request')).toBe(true)
    expect(list.included?.map((r) => r.type)).toEqual(
      expect.arrayContaining(['tracking_request', 'shipment']),
    )
    const refused = await service.get('/v2/webhook_notifications?include=reference_object.captain')
    expect(refused.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, refused.body).errors[0].source).toEqual({ parameter: 'include' })
  })

  it('keeps custom headers that are safe to send, and refuses ones that would forge or split a request', async () => {
    const created = await service.call('POST', '/v2/webhooks', {
      body: hook({
        url: 'https://93.184.216.34/hooks',
        events: ['tracking_request.failed'],
        headers: [
          { name: 'Authorization', value: 'Bearer receiver-token' },
          { name: 'X-Tabbed', value: 'a\tb' },
        ],
      }),
    })
    expect(created.status).toBe(201)
    const refused = await service.call('POST', '/v2/webhooks', {
      body: hook({
        url: 'https://93.184.216.34/hooks',
        events: ['tracking_request.failed'],
        headers: [{ name: 'X-Env', value: 'a\r\nX-T49-Webhook-Signature: forged' }],
      }),
    })
    expect(refused.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, refused.body).errors[0].source?.pointer).toBe(
      '/data/attributes/headers/0/value',
    )
  })
})
