import { EVENT_KIND_LABELS, WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'
import {
  WebhookEventCategoryListDocumentSchema,
  WebhookIpsDocumentSchema,
  WebhookNotificationListDocumentSchema,
} from '../../contract/webhooks'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { asOneOf, optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import { selfLink } from './respond-with'
import { webhookExamples } from './webhook-examples'

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
  ['alert-events', 'Alert events', (k) => k.startsWith('alert.')],
]

/** Examples are built by the code that builds real deliveries, from the account's own data. */
export const webhookCatalogRoutes = ({ storage, config, clock, wallClock = systemClock }: Deps) => {
  const ipsListedAt = iso(wallClock.now())
  return routes(
    route(
      {
        method: 'get',
        path: '/webhooks/events',
        summary: 'Every event kind a webhook can subscribe to, by category',
        response: WebhookEventCategoryListDocumentSchema,
      },
      (c) =>
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
          links: { self: selfLink(c) },
        }),
    ),
    route(
      {
        method: 'get',
        path: '/webhooks/ips',
        summary: 'The addresses webhook deliveries come from, for a firewall allowlist',
        description: 'Set with WEBHOOK_IPS; the time is when this server read the list.',
        response: WebhookIpsDocumentSchema,
      },
      (c) => c.json({ webhook_notification_ips: config.webhookIps, last_updated: ipsListedAt }),
    ),
    route(
      {
        method: 'get',
        path: '/webhook_notifications/examples',
        summary: "Example payloads of each event kind, or of `event`, from the account's latest data",
        description:
          'Built by the code that builds real deliveries. With `event`, data is that one notification (null when the account has nothing to show for it yet); without, a list. Kinds the account has nothing to show for yet are listed in meta.unavailable.',
        query: { event: optional(asOneOf(WEBHOOK_EVENT_KINDS), 'One event kind; all kinds when absent') },
        response: WebhookNotificationListDocumentSchema,
      },
      async (c, { query }) => {
        const { data, included, unavailable } = await webhookExamples(
          storage,
          clock,
          c.var.caller.accountId,
          query.event ? [query.event] : WEBHOOK_EVENT_KINDS,
        )
        // as the real service does
        return respond(c, {
          data: query.event ? (data[0] ?? null) : data,
          included,
          links: { self: selfLink(c) },
          meta: { size: data.length, total: data.length, ...(unavailable.length > 0 ? { unavailable } : {}) },
        })
      },
    ),
  )
}
