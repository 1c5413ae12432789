import {
  WebhookDocumentSchema,
  WebhookHealthListDocumentSchema,
  WebhookRedeliverSchema,
  WebhookRedeliveryResultSchema,
} from '../../contract/webhooks'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import { respondWithOne, selfLink } from './respond-with'
import { recordWebhookChange } from './webhook-audit'
import { findWebhook, newWebhookSecret, refuseInactive } from './webhook-rules'

/** So receivers can switch. */
const ROTATION_GRACE_MS = 24 * 3_600_000

export const webhookAdminRoutes = ({ storage, wallClock = systemClock }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/webhooks/health',
        role: 'admin',
        summary: "Each webhook's deliveries over the last 24 hours, its success rate and its latest failure",
        response: WebhookHealthListDocumentSchema,
      },
      async (c) => {
        const health = await storage.webhooks.health(c.var.caller.accountId)
        return respond(c, {
          data: health.map((row) => ({
            id: row.webhookId,
            type: 'webhook_health',
            attributes: {
              attempts_24h: row.attempts,
              succeeded_24h: row.succeeded,
              success_rate_24h: row.attempts === 0 ? null : row.succeeded / row.attempts,
              pending: row.pending,
              retrying: row.retrying,
              last_failure_at: iso(row.lastFailureAt),
              last_failure_reason: row.lastFailureReason,
              last_failure_status_code: row.lastFailureStatusCode,
            },
          })),
          links: { self: selfLink(c) },
        })
      },
    ),
    route(
      {
        method: 'post',
        path: '/webhooks/:id/rotate_secret',
        role: 'admin',
        query: includeQuery,
        summary: 'Give a webhook a new secret; the old one signs beside it for 24 hours',
        description:
          'Meanwhile each delivery carries two Standard Webhooks signatures in `webhook-signature`, the new first.',
        response: WebhookDocumentSchema,
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const webhook = await findWebhook(storage, accountId, c.req.param('id'))
        const expires = new Date(wallClock.now().getTime() + ROTATION_GRACE_MS)
        const rotated = await storage.transaction(async (stores) => {
          const row = await stores.webhooks.rotateSecret(accountId, webhook.id, newWebhookSecret(), expires)
          if (row) await recordWebhookChange(c, stores, 'secret_rotated', webhook, row)
          return row
        })
        return respondWithOne(c, storage, 'webhook', rotated)
      },
    ),
    route(
      {
        method: 'post',
        path: '/webhooks/:id/redeliver',
        role: 'admin',
        summary:
          "Send a webhook's failed notifications again, those written in a time range, under their own ids",
        body: WebhookRedeliverSchema,
        response: WebhookRedeliveryResultSchema,
        status: 202,
      },
      async (c, { body }) => {
        const accountId = c.var.caller.accountId
        const webhook = await findWebhook(storage, accountId, c.req.param('id'))
        refuseInactive(webhook)
        const ids = await storage.webhooks.redeliver(accountId, {
          webhook: webhook.id,
          status: 'failed',
          created_from: body.from ? new Date(body.from) : undefined,
          created_to: body.to ? new Date(body.to) : undefined,
        })
        return respond(c, { redelivered: ids.length, notification_ids: ids }, 202)
      },
    ),
  )
