import { createHmac, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  WebhookDocumentSchema,
  WebhookHealthListDocumentSchema,
  WebhookNotificationDocumentSchema,
  WebhookNotificationListDocumentSchema,
} from '../../src/contract/webhooks'
import { DATABASE_KINDS } from '../support/databases'
import type { Received } from '../support/webhook-receiver'
import { parsed } from './harness'
import { webhookTestBed } from './webhook-test-bed'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const standardSignature = (received: Received, secret: string) => {
  const signed = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`
  return `v1,${createHmac('sha256', Buffer.from(secret)).update(signed).digest('base64')}`
}

describe.each(DATABASE_KINDS)('webhook admin on %s', (kind) => {
  const { bed, dispatcher: dispatcherWith, createWebhook, causeNotification } = webhookTestBed(kind)
  const dispatcher = (disableAfterMs?: number) => dispatcherWith({ disableAfterMs })

  const log = async (query: string) => {
    const response = await bed.service.get(`/v2/webhook_notifications?page[size]=100&${query}`)
    expect(response.status).toBe(200)
    return parsed(WebhookNotificationListDocumentSchema, response.body)
  }

  const notification = async (id: string) =>
    parsed(
      WebhookNotificationDocumentSchema,
      (await bed.service.get(`/v2/webhook_notifications/${id}?include=webhook_notification_logs`)).body,
    )

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const hook = await createWebhook(bed.receiver.url('/rotating'))
    const oldSecret = hook.attributes.secret!
    const rotated = await bed.service.call('POST', `/v2/webhooks/${hook.id}/rotate_secret`)
    expect(rotated.status).toBe(200)
    const after = parsed(WebhookDocumentSchema, rotated.body).data.attributes
    expect(after.secret).toMatch(/^[0-9a-f]{48}$/)
    expect(after.secret).not.toBe(oldSecret)
    expect(after.previous_secret_expires_at).toBe(
      new Date(bed.service.clock.now().getTime() + DAY).toISOString().replace('.000', ''),
    )
    expect(JSON.stringify(rotated.body)).not.toContain(oldSecret)

    await causeNotification()
    await dispatcher().drain()
    const [both] = bed.receiver.received
    expect(both.headers['webhook-signature']).toBe(
      `${standardSignature(both, after.secret!)} ${standardSignature(both, oldSecret)}`,
    )
    expect(both.headers['x-t49-webhook-signature']).toBe(
      createHmac('sha256', after.secret!).update(both.body).digest('hex'),
    )

    bed.service.advance(DAY)
    await causeNotification()
    await dispatcher().drain()
    const latest = bed.receiver.received.at(-1)!
    expect(latest.headers['webhook-signature']).toBe(standardSignature(latest, after.secret!))
  })

  it('logs each attempt with the headers sent, signature shown and secret never, and the error in words', async () => {
    const hook = await createWebhook('http://127.0.0.1:9/closed')
    await causeNotification()
    await dispatcher().drain()
    const { data } = await log(`filter[webhook_id]=${hook.id}`)
    expect(data).toHaveLength(1)
    expect(data[0].attributes).toMatchObject({
      delivery_status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'Connection refused: nothing listens at that address and port',
    })
    expect(data[0].attributes.next_attempt_at).toBe(
      new Date(bed.service.clock.now().getTime() + 15_000).toISOString().replace('.000', ''),
    )
    const document = await notification(data[0].id)
    const [attempt] = document.included as unknown as {
      attributes: { request_headers: Record<string, string> }
    }[]
    expect(attempt.attributes.request_headers['webhook-signature']).toMatch(/^v1,/)
    expect(attempt.attributes.request_headers['webhook-id']).toBe(data[0].id)
    expect(JSON.stringify(attempt)).not.toContain(hook.attributes.secret!)
  })

  it('filters the delivery log by status, event kind and webhook', async () => {
    const down = await createWebhook(bed.receiver.url('/down'))
    const up = await createWebhook(bed.receiver.url('/up'))
    bed.answers['/down'] = { status: 500 }
    await causeNotification()
    await dispatcher().drain()
    const retrying = await log('filter[status]=retrying')
    expect(retrying.data.map((n) => n.relationships?.webhook?.data)).toEqual([
      { id: down.id, type: 'webhook' },
    ])
    expect(retrying.data[0].attributes).toMatchObject({ last_status_code: 500, last_error: 'HTTP 500' })
    const succeeded = await log(`filter[status]=succeeded&filter[webhook_id]=${up.id}`)
    expect(succeeded.data).toHaveLength(1)
    expect(succeeded.data[0].attributes.last_status_code).toBe(200)
    expect(
      (await log(`filter[event]=container.transport.vessel_arrived&filter[webhook_id]=${up.id}`)).data,
    ).toEqual([])
    expect(
      (await log(`filter[event]=tracking_request.failed&filter[webhook_id]=${up.id}`)).data,
    ).toHaveLength(1)

    const bad = await bed.service.get('/v2/webhook_notifications?filter[status]=lost')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source.parameter).toBe('filter[status]')
  })

  it('redelivers a notification under the same id, with a fresh run of retries', async () => {
    const hook = await createWebhook(bed.receiver.url('/flaky'))
    bed.answers['/flaky'] = { status: 503 }
    await causeNotification()
    const deliveries = dispatcher()
    await deliveries.drain()
    const [first] = (await log(`filter[webhook_id]=${hook.id}`)).data
    bed.answers['/flaky'] = { status: 200 }
    const redelivered = await bed.service.call('POST', `/v2/webhook_notifications/${first.id}/redeliver`)
    expect(redelivered.status).toBe(202)
    expect(redelivered.body.data).toMatchObject({
      id: first.id,
      attributes: { delivery_status: 'pending', attempts: 0 },
    })
    await deliveries.drain()
    const ids = bed.receiver.received.map((r) => r.headers['webhook-id'])
    expect(ids).toEqual([first.id, first.id])
    expect(bed.receiver.received[1].json.data.id).toBe(first.id)
    const after = await notification(first.id)
    expect(after.data.attributes).toMatchObject({ delivery_status: 'succeeded', last_status_code: 200 })
    expect(after.included).toHaveLength(2)

    const payload = await bed.service.get(`/v2/webhook_notifications/${first.id}/payload`)
    expect(payload.status).toBe(200)
    expect(JSON.stringify(payload.body)).toBe(bed.receiver.received[1].body)
    const missing = await bed.service.call('POST', `/v2/webhook_notifications/${randomUUID()}/redeliver`)
    expect(missing.status).toBe(404)
  })

  it('redelivers the failed notifications of a time range, and refuses while the webhook is off', async () => {
    const hook = await createWebhook(bed.receiver.url('/bulk'))
    await causeNotification()
    const early = bed.service.clock.now()
    bed.service.advance(HOUR)
    await causeNotification()
    const ids = (await log(`filter[webhook_id]=${hook.id}`)).data.map((n) => n.id)
    await bed.service.call('PATCH', `/v2/webhooks/${hook.id}`, {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { active: false } } }),
    })
    await dispatcher().drain()
    expect((await log(`filter[webhook_id]=${hook.id}&filter[status]=failed`)).data).toHaveLength(2)

    const refused = await bed.service.call('POST', `/v2/webhooks/${hook.id}/redeliver`, { body: '{}' })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].code).toBe('webhook_inactive')
    await bed.service.call('PATCH', `/v2/webhooks/${hook.id}`, {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { active: true } } }),
    })
    const range = {
      from: new Date(early.getTime() - 60_000).toISOString(),
      to: new Date(early.getTime() + 60_000).toISOString(),
    }
    const response = await bed.service.call('POST', `/v2/webhooks/${hook.id}/redeliver`, {
      body: JSON.stringify(range),
    })
    expect(response.status).toBe(202)
    expect(response.body).toEqual({ redelivered: 1, notification_ids: [ids[1]] })
    await dispatcher().drain()
    expect(bed.receiver.received.map((r) => r.headers['webhook-id'])).toEqual([ids[1]])

    const backwards = await bed.service.call('POST', `/v2/webhooks/${hook.id}/redeliver`, {
      body: JSON.stringify({ from: range.to, to: range.from }),
    })
    expect(backwards.status).toBe(422)
    expect(backwards.body.errors[0].source.pointer).toBe('/to')
  })

  it("reports each webhook's deliveries in the last day, success rate and latest failure", async () => {
    const down = await createWebhook(bed.receiver.url('/sick'))
    const up = await createWebhook(bed.receiver.url('/well'))
    bed.answers['/sick'] = { status: 502 }
    await causeNotification()
    await causeNotification()
    await dispatcher().drain()
    const response = await bed.service.get('/v2/webhooks/health')
    expect(response.status).toBe(200)
    const byId = new Map(
      parsed(WebhookHealthListDocumentSchema, response.body).data.map((h) => [h.id, h.attributes]),
    )
    expect(byId.get(up.id)).toMatchObject({
      attempts_24h: 2,
      succeeded_24h: 2,
      success_rate_24h: 1,
      pending: 0,
      retrying: 0,
      last_failure_at: null,
    })
    expect(byId.get(down.id)).toMatchObject({
      attempts_24h: 2,
      succeeded_24h: 0,
      success_rate_24h: 0,
      // tried and failed, so the log lists them as retrying, not pending (health said pending: 2)
      pending: 0,
      retrying: 2,
      last_failure_reason: 'HTTP 502',
      last_failure_status_code: 502,
    })
  })

  it('turns off a webhook whose every delivery failed for the configured run, and resends nothing when turned on', async () => {
    const hook = await createWebhook(bed.receiver.url('/gone'))
    bed.answers['/gone'] = { status: 410 }
    await causeNotification()
    const deliveries = dispatcher(2 * DAY)
    await deliveries.drain()
    for (let hour = 0; hour < 42; hour += 6) {
      bed.service.advance(6 * HOUR)
      await causeNotification()
      await deliveries.drain()
    }
    let current = parsed(WebhookDocumentSchema, (await bed.service.get(`/v2/webhooks/${hook.id}`)).body).data
    expect(current.attributes.active).toBe(true)
    bed.service.advance(6 * HOUR)
    await deliveries.drain()
    current = parsed(WebhookDocumentSchema, (await bed.service.get(`/v2/webhooks/${hook.id}`)).body).data
    expect(current.attributes).toMatchObject({
      active: false,
      disabled_reason: 'Every delivery failed for 2 days, so Quayside turned this webhook off',
    })
    expect(current.attributes.disabled_at).toBeTruthy()

    await deliveries.drain()
    const sent = bed.receiver.received.length
    await bed.service.call('PATCH', `/v2/webhooks/${hook.id}`, {
      body: JSON.stringify({ data: { type: 'webhook', attributes: { active: true } } }),
    })
    current = parsed(WebhookDocumentSchema, (await bed.service.get(`/v2/webhooks/${hook.id}`)).body).data
    expect(current.attributes).toMatchObject({ active: true, disabled_at: null, disabled_reason: null })
    bed.service.advance(DAY)
    await deliveries.drain()
    expect(bed.receiver.received.length).toBe(sent)
  })

  it('keeps a webhook on while any delivery succeeds', async () => {
    const hook = await createWebhook(bed.receiver.url('/patchy'))
    const deliveries = dispatcher(DAY)
    for (let round = 0; round < 6; round++) {
      bed.answers['/patchy'] = { status: round % 3 === 0 ? 200 : 500 }
      await causeNotification()
      await deliveries.drain()
      bed.service.advance(8 * HOUR)
    }
    const current = parsed(
      WebhookDocumentSchema,
      (await bed.service.get(`/v2/webhooks/${hook.id}`)).body,
    ).data
    expect(current.attributes.active).toBe(true)
  })
})
