import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { DocumentDownloadUrlSchema, DocumentListDocumentSchema } from '../../src/contract/documents'
import { WebhookDocumentSchema } from '../../src/contract/webhooks'
import { DATABASE_KINDS } from '../support/databases'
import type { Received } from '../support/webhook-receiver'
import { KEY, OTHER_KEY, parsed, type Service, startService } from './harness'
import { webhookTestBed } from './webhook-test-bed'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
// a fast-forwarded demo, or one restarted after a fast-forward: its data, and its clock, two days ahead
const AHEAD = 48 * HOUR
const SITE = 'http://127.0.0.1:4265'
const LEASE_SECONDS = 5 * 60

const signatures = (received: Received) => String(received.headers['webhook-signature']).split(' ')
const standardSignature = (received: Received, secret: string) => {
  const signed = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`
  return `v1,${createHmac('sha256', Buffer.from(secret)).update(signed).digest('base64')}`
}

describe.each(DATABASE_KINDS)('webhook deadlines with the service clock 48 h ahead (%s)', (kind) => {
  const { bed, dispatcher, createWebhook, causeNotification } = webhookTestBed(kind, {
    serviceAheadMs: AHEAD,
  })

  it('signs with both secrets through the 24 h grace after a rotation, then with the new one only', async () => {
    const hook = await createWebhook('/rotating')
    const oldSecret = hook.attributes.secret!
    const rotated = await bed.service.call('POST', `/v2/webhooks/${hook.id}/rotate_secret`)
    const newSecret = parsed(WebhookDocumentSchema, rotated.body).data.attributes.secret!
    const delivered = async () => {
      await causeNotification()
      await dispatcher().drain()
      return bed.receiver.received.at(-1)!
    }
    const first = await delivered()
    expect(signatures(first)).toEqual([
      standardSignature(first, newSecret),
      standardSignature(first, oldSecret),
    ])
    bed.service.advance(23 * HOUR)
    expect(signatures(await delivered())).toHaveLength(2)
    bed.service.advance(HOUR)
    const last = await delivered()
    expect(signatures(last)).toEqual([standardSignature(last, newSecret)])
  })

  it('holds a claimed notification for its lease and frees it when released', async () => {
    await createWebhook('/leased')
    await causeNotification()
    const claim = () =>
      bed.service.storage.outbox.claimDue({
        now: bed.service.clock.now(),
        leaseSeconds: 60,
        limit: 10,
        retryLimit: 10,
        busyWebhookIds: [],
      })
    const claimed = await claim()
    expect(claimed).toHaveLength(1)
    expect(await claim()).toEqual([])
    await bed.service.storage.outbox.release(claimed.map((c) => c.notification.id))
    expect((await claim()).map((c) => c.notification.id)).toEqual(claimed.map((c) => c.notification.id))
  })
})

describe.each(DATABASE_KINDS)('deadlines people set, with the service clock 48 h ahead (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { serviceAheadMs: AHEAD, rateLimitPerMinute: 20, readDocuments: true })
  })
  afterAll(async () => {
    await service?.stop()
  })

  it('lets an embed token work until the expiry it was given, then refuses it as expired', async () => {
    const shipment = (await service.get('/v2/shipments?page[size]=1')).body.data[0]
    const expiresAt = new Date(service.wallClock.now().getTime() + HOUR).toISOString()
    const created = await service.call('POST', '/v2/embed_tokens', {
      body: JSON.stringify({
        data: {
          type: 'embed_token',
          attributes: {
            name: `Skew ${randomUUID()}`,
            allowed_origins: [SITE],
            expires_at: expiresAt,
            scope: { kind: 'shipments', shipment_ids: [shipment.id] },
          },
        },
      }),
    })
    expect(created.status).toBe(201)
    const token = created.body.data.attributes.token as string
    const use = () =>
      service.call('GET', '/embed/v1/shipments', {
        key: null,
        headers: { Authorization: `Bearer ${token}`, Origin: SITE },
      })
    expect((await use()).status).toBe(200)
    service.advance(59 * MINUTE)
    expect((await use()).status).toBe(200)
    service.advance(2 * MINUTE)
    const expired = await use()
    expect(expired.status).toBe(401)
    expect(expired.body.errors[0].code).toBe('token_expired')
  })

  it('honours a signed download link for its 15 minutes, then refuses it', async () => {
    const document = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data[0]
    const link = parsed(
      DocumentDownloadUrlSchema,
      (await service.get(`/v2/documents/${document.id}/download_url`)).body,
    )
    expect(new Date(link.expires_at ?? '').getTime()).toBe(service.wallClock.now().getTime() + 15 * MINUTE)
    const path = link.download_url.slice(service.baseUrl.length)
    expect((await service.get(path, null)).status).toBe(200)
    service.advance(14 * MINUTE)
    expect((await service.get(path, null)).status).toBe(200)
    service.advance(2 * MINUTE)
    const stale = await service.get(path, null)
    expect(stale.status).toBe(403)
    expect(parsed(ErrorDocumentSchema, stale.body).errors[0].source).toEqual({ parameter: 'expires' })
  })

  it('holds a document being read for its lease in real time, however far the service clock moves', async () => {
    const accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const [document] = parsed(DocumentListDocumentSchema, (await service.get('/v2/documents')).body).data
    const { documents } = service.storage
    await documents.queueExtraction(accountId, [document.id])
    expect(await documents.claimExtraction(document.id, service.clock.now(), LEASE_SECONDS, 5)).toBeDefined()
    // a fast-forwarded demo passes an hour of service time in seconds; the reading still holds it
    service.advance(HOUR)
    expect(await documents.dueExtractions(service.clock.now(), 1000)).not.toContain(document.id)
    expect(
      await documents.claimExtraction(document.id, service.clock.now(), LEASE_SECONDS, 5),
    ).toBeUndefined()
    await documents.failExtraction(document.id, 'released by the test', service.clock.now())
    expect(await documents.dueExtractions(service.clock.now(), 1000)).toContain(document.id)
  })

  it('counts a key’s requests in a minute window and opens the next minute', async () => {
    service.advance(MINUTE)
    const statuses = []
    for (let i = 0; i < 21; i++)
      statuses.push((await service.get('/v2/shipments?page[size]=1', OTHER_KEY)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.at(-1)).toBe(429)
    service.advance(MINUTE)
    expect((await service.get('/v2/shipments?page[size]=1', OTHER_KEY)).status).toBe(200)
  })
})
