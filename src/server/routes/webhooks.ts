import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { EVENT_KIND_LABELS, WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'
import { type WebhookTriggerResult, WebhookTriggerSchema } from '../../contract/webhook-trigger'
import { WebhookCreateSchema, WebhookPatchSchema } from '../../contract/webhooks'
import type { AppEnv, Deps } from '../app'
import { systemClock } from '../deps'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respond } from '../http/respond'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { deliver } from '../webhooks/deliver'
import { notificationBody, webhookNotificationDocument } from '../webhooks/notify'
import { createAddressGuard, parseAllowlist } from '../webhooks/url-safety'

const CATEGORIES: [string, string, (kind: string) => boolean][] = [
  ['tracking-request-events', 'Tracking request events', (k) => k.startsWith('tracking_request.')],
  ['container-transport-events', 'Container transport events', (k) => k.startsWith('container.transport.')],
  [
    'container-events',
    'Container events',
    (k) => k.startsWith('container.') && !k.startsWith('container.transport.'),
  ],
  ['shipment-events', 'Shipment events', (k) => k.startsWith('shipment.')],
  ['document-events', 'Document events', (k) => k.startsWith('document.')],
]

export const webhookRoutes = ({ storage, config, clock, wallClock = systemClock, fetch }: Deps) => {
  const guard = createAddressGuard({ allowlist: parseAllowlist(config.webhookAllowlist) })
  const checkUrl = async (url: string) => {
    const problem = await guard.savedUrlProblem(url)
    if (problem) throw invalidField('/data/attributes/url', problem, 'unsafe_url')
  }
  const find = async (accountId: string, id: string) => {
    const [webhook] = await storage.webhooks.byIds(accountId, [requireUuid(id, 'webhook')])
    if (!webhook) throw notFound('webhook', id)
    return webhook
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      return respondWithPage(
        c,
        storage,
        'webhook',
        await storage.webhooks.list(c.var.caller.accountId, page),
        page,
      )
    })
    .get('/events', (c) =>
      respond(c, {
        data: CATEGORIES.map(([id, name, belongs]) => ({
          id,
          type: 'webhook_event_category',
          attributes: {
            name,
            events: WEBHOOK_EVENT_KINDS.filter(belongs).map((kind) => ({
              name: kind,
              description: EVENT_KIND_LABELS[kind],
            })),
          },
        })),
      }),
    )
    .post('/trigger', async (c) => {
      const body = await readBody(c, WebhookTriggerSchema)
      // the transport resolves the name once, as it connects, and refuses an address it may not reach
      const problem = guard.urlProblem(body.url)
      if (problem) throw invalidField('/url', problem, 'unsafe_url')
      const accountId = c.var.caller.accountId
      const reference = await storage.events.latestReferenceFor(accountId, body.event)
      const included = reference && (await notificationBody(storage, accountId, reference))
      if (!reference || !included)
        throw invalidField(
          '/event',
          `There is nothing in this account yet to send as an example of ${body.event}`,
        )
      const id = crypto.randomUUID()
      const payload = webhookNotificationDocument(
        { id, event: body.event, webhookId: id, createdAt: clock.now() },
        reference,
        included,
      )
      const requestBody = JSON.stringify(payload)
      const attempt = await deliver({
        fetch,
        target: { url: body.url, secret: body.secret ?? '', headers: [] },
        notificationId: id,
        body: requestBody,
        timestampSeconds: Math.floor(wallClock.now().getTime() / 1000),
        timeoutMs: config.webhookTimeoutSeconds * 1000,
      })
      if (attempt.refusedAddress) throw invalidField('/url', attempt.error ?? 'Unsafe address', 'unsafe_url')
      // the receiver's status and timing only: its headers and body could be an internal service's
      const result: WebhookTriggerResult = {
        url: body.url,
        succeeded: attempt.succeeded,
        error: attempt.error,
        status_code: attempt.statusCode,
        request_headers: attempt.requestHeaders,
        request_body: requestBody,
        response_headers: null,
        response_body: null,
        duration_ms: attempt.durationMs,
      }
      return c.json(result)
    })
    .post('/', async (c) => {
      const { data } = await readBody(c, WebhookCreateSchema)
      await checkUrl(data.attributes.url)
      const webhook = await storage.webhooks.create({
        account_id: c.var.caller.accountId,
        url: data.attributes.url,
        events: [...new Set(data.attributes.events)],
        active: data.attributes.active ?? true,
        headers: data.attributes.headers ?? [],
        secret: randomBytes(24).toString('hex'),
      })
      return respondWithOne(c, storage, 'webhook', webhook, { status: 201 })
    })
    .get('/:id', async (c) =>
      respondWithOne(c, storage, 'webhook', await find(c.var.caller.accountId, c.req.param('id'))),
    )
    .patch('/:id', async (c) => {
      const webhook = await find(c.var.caller.accountId, c.req.param('id'))
      const { data } = await readBody(c, WebhookPatchSchema)
      if (data.attributes.url) await checkUrl(data.attributes.url)
      const changes = {
        ...data.attributes,
        ...(data.attributes.events ? { events: [...new Set(data.attributes.events)] } : {}),
      }
      return respondWithOne(
        c,
        storage,
        'webhook',
        await storage.webhooks.update(c.var.caller.accountId, webhook.id, changes),
      )
    })
    .delete('/:id', async (c) => {
      const webhook = await find(c.var.caller.accountId, c.req.param('id'))
      await storage.webhooks.delete(c.var.caller.accountId, webhook.id)
      return c.body(null, 204)
    })
}

export const webhookNotificationRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      return respondWithPage(
        c,
        storage,
        'webhook_notification',
        await storage.webhooks.listNotifications(c.var.caller.accountId, page),
        page,
      )
    })
    .get('/:id', async (c) => {
      const [notification] = await storage.webhooks.notificationsByIds(c.var.caller.accountId, [
        requireUuid(c.req.param('id'), 'webhook notification'),
      ])
      if (!notification) throw notFound('webhook notification', c.req.param('id'))
      return respondWithOne(c, storage, 'webhook_notification', notification)
    })
