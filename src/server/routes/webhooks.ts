import { WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'
import { WEBHOOK_NOTIFICATION_LIST } from '../../contract/webhook-notification-list-query'
import {
  type WebhookTriggerResult,
  WebhookTriggerResultSchema,
  WebhookTriggerSchema,
} from '../../contract/webhook-trigger'
import {
  WebhookCreateSchema,
  WebhookDocumentSchema,
  WebhookListDocumentSchema,
  WebhookNotificationDocumentSchema,
  WebhookNotificationListDocumentSchema,
  WebhookPatchSchema,
  WebhookPayloadSchema,
} from '../../contract/webhooks'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { type Operation, route, routes } from '../http/route'
import { deliver } from '../webhooks/deliver'
import { notificationBody, webhookNotificationDocument } from '../webhooks/notify'
import { createAddressGuard, parseAllowlist } from '../webhooks/url-safety'
import { WEBHOOK_NOTIFICATION_DESCRIPTIONS } from './list-descriptions'
import { respondWithOne, respondWithPage } from './respond-with'
import { recordWebhookChange } from './webhook-audit'
import { findWebhook, newWebhookSecret, refuseInactive } from './webhook-rules'

const webhookListAndTrigger = ({
  storage,
  config,
  clock,
  wallClock = systemClock,
  fetch,
}: Deps): Operation[] => {
  const guard = createAddressGuard({ allowlist: parseAllowlist(config.webhookAllowlist) })
  return [
    route(
      {
        method: 'get',
        path: '/webhooks',
        role: 'admin',
        summary: 'List webhooks',
        query: { ...pageQuery(), ...includeQuery },
        response: WebhookListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await storage.webhooks.list(c.var.caller.accountId, page)
        return respondWithPage(c, storage, 'webhook', result, page)
      },
    ),
    route(
      {
        method: 'post',
        path: '/webhooks/trigger',
        role: 'admin',
        summary: 'Send one example notification of a kind to a URL now, and say what happened',
        body: WebhookTriggerSchema,
        response: WebhookTriggerResultSchema,
      },
      async (c, { body }) => {
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
          { id, event: body.event, webhookId: null, createdAt: clock.now() },
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
        if (attempt.refusedAddress)
          throw invalidField('/url', attempt.error ?? 'Unsafe address', 'unsafe_url')
        // its headers and body could be an internal service's
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
      },
    ),
  ]
}

const urlChecker = (config: Deps['config']) => {
  const guard = createAddressGuard({ allowlist: parseAllowlist(config.webhookAllowlist) })
  return async (url: string) => {
    const problem = await guard.savedUrlProblem(url)
    if (problem) throw invalidField('/data/attributes/url', problem, 'unsafe_url')
  }
}

const createWebhookRoute = (storage: Deps['storage'], checkUrl: (url: string) => Promise<void>) =>
  route(
    {
      method: 'post',
      path: '/webhooks',
      role: 'admin',
      query: includeQuery,
      summary: 'Create a webhook; its secret signs every delivery',
      body: WebhookCreateSchema,
      response: WebhookDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      await checkUrl(data.attributes.url)
      const webhook = await storage.transaction(async (stores) => {
        const row = await stores.webhooks.create({
          account_id: c.var.caller.accountId,
          url: data.attributes.url,
          events: [...new Set(data.attributes.events ?? WEBHOOK_EVENT_KINDS)],
          active: data.attributes.active ?? true,
          headers: data.attributes.headers ?? [],
          secret: newWebhookSecret(),
        })
        await recordWebhookChange(c, stores, 'created', undefined, row)
        return row
      })
      return respondWithOne(c, storage, 'webhook', webhook, { status: 201 })
    },
  )

const webhookMember = ({ storage, config }: Deps): Operation[] => {
  const checkUrl = urlChecker(config)
  const find = (accountId: string, id: string) => findWebhook(storage, accountId, id)
  return [
    createWebhookRoute(storage, checkUrl),
    route(
      {
        method: 'get',
        path: '/webhooks/:id',
        role: 'admin',
        query: includeQuery,
        summary: 'Get a webhook',
        response: WebhookDocumentSchema,
      },
      async (c) =>
        respondWithOne(c, storage, 'webhook', await find(c.var.caller.accountId, c.req.param('id'))),
    ),
    route(
      {
        method: 'patch',
        path: '/webhooks/:id',
        role: 'admin',
        query: includeQuery,
        summary: "Edit a webhook's URL, events, headers or whether it is active",
        body: WebhookPatchSchema,
        response: WebhookDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const webhook = await find(c.var.caller.accountId, c.req.param('id'))
        if (data.attributes.url) await checkUrl(data.attributes.url)
        const changes = {
          ...data.attributes,
          ...(data.attributes.events ? { events: [...new Set(data.attributes.events)] } : {}),
          // the run of failures starts over; nothing is resent unless asked
          ...(data.attributes.active && !webhook.active
            ? { disabled_at: null, disabled_reason: null, failing_since: null }
            : {}),
        }
        const updated = await storage.transaction(async (stores) => {
          const row = await stores.webhooks.update(c.var.caller.accountId, webhook.id, changes)
          if (row) await recordWebhookChange(c, stores, 'updated', webhook, row)
          return row
        })
        return respondWithOne(c, storage, 'webhook', updated)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/webhooks/:id',
        role: 'admin',
        summary: 'Delete a webhook',
        response: 'empty',
        status: 200,
      },
      async (c) => {
        const webhook = await find(c.var.caller.accountId, c.req.param('id'))
        await storage.transaction(async (stores) => {
          if (await stores.webhooks.delete(c.var.caller.accountId, webhook.id))
            await recordWebhookChange(c, stores, 'deleted', webhook, undefined)
        })
        return c.body(null, 200)
      },
    ),
  ]
}

export const webhookRoutes = (deps: Deps) => routes(...webhookListAndTrigger(deps), ...webhookMember(deps))

export const webhookNotificationRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/webhook_notifications',
        role: 'admin',
        summary: 'List webhook notifications, newest first',
        query: {
          ...pageParams(WEBHOOK_NOTIFICATION_LIST.page),
          ...includeQuery,
          ...filterParams(WEBHOOK_NOTIFICATION_LIST, WEBHOOK_NOTIFICATION_DESCRIPTIONS),
        },
        response: WebhookNotificationListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const filters = filtersOf(WEBHOOK_NOTIFICATION_LIST, query)
        const result = await storage.webhooks.listNotifications(c.var.caller.accountId, page, filters)
        return respondWithPage(c, storage, 'webhook_notification', result, page)
      },
    ),
    route(
      {
        method: 'get',
        path: '/webhook_notifications/:id/payload',
        role: 'admin',
        summary: 'Quayside: the exact body this notification is delivered with',
        response: WebhookPayloadSchema,
      },
      async (c) => {
        const id = requireUuid(c.req.param('id'), 'webhook notification')
        const [notification] = await storage.webhooks.notificationsByIds(c.var.caller.accountId, [id])
        if (!notification) throw notFound('webhook notification', id)
        return c.body(notification.payload, 200, { 'Content-Type': 'application/json' })
      },
    ),
    route(
      {
        method: 'post',
        path: '/webhook_notifications/:id/redeliver',
        role: 'admin',
        query: includeQuery,
        summary: 'Send a notification again under the same id, so receivers can deduplicate',
        response: WebhookNotificationDocumentSchema,
        status: 202,
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const id = requireUuid(c.req.param('id'), 'webhook notification')
        const [notification] = await storage.webhooks.notificationsByIds(accountId, [id])
        if (!notification) throw notFound('webhook notification', id)
        const [webhook] = await storage.webhooks.byIds(accountId, [notification.webhook_id])
        refuseInactive(webhook)
        await storage.webhooks.redeliver(accountId, { ids: [id] })
        const [queued] = await storage.webhooks.notificationsByIds(accountId, [id])
        return respondWithOne(c, storage, 'webhook_notification', queued, { status: 202 })
      },
    ),
    route(
      {
        method: 'get',
        path: '/webhook_notifications/:id',
        role: 'admin',
        summary: 'Get a webhook notification and its delivery attempts',
        query: includeQuery,
        response: WebhookNotificationDocumentSchema,
      },
      async (c) => {
        const [notification] = await storage.webhooks.notificationsByIds(c.var.caller.accountId, [
          requireUuid(c.req.param('id'), 'webhook notification'),
        ])
        if (!notification) throw notFound('webhook notification', c.req.param('id'))
        return respondWithOne(c, storage, 'webhook_notification', notification)
      },
    ),
  )
