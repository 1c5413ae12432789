import type { Context } from 'hono'
import { z } from 'zod/mini'
import { type Alert, AlertListDocumentSchema } from '../../contract/alerts'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { asOneOf, optional } from '../http/query-params'
import { type RouteEnv, route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { respond } from '../jsonapi/respond'
import type { ShownAlert } from '../storage/alert-reads'
import { iso } from '../storage/iso-time'

const META_ONLY_SCHEMA = z.looseObject({ meta: z.looseObject({ unread_count: z.number() }) })

const SUBJECT_PATHS: Record<string, string> = {
  container: 'containers',
  document: 'documents',
  tracking_request: 'tracking_requests',
}

const renderAlert = (row: ShownAlert): Alert => ({
  id: row.id,
  type: 'alert',
  attributes: {
    rule_name: row.rule_name,
    condition_kind: row.condition_kind as Alert['attributes']['condition_kind'],
    subject_type: row.subject_type,
    fired_at: iso(row.fired_at) as string,
    title: row.title,
    body: row.body,
    container_number: row.container_number,
    bill_of_lading_number: row.bill_of_lading_number,
    customer_name: row.customer_name,
    time_zone: row.time_zone,
    read_at: iso(row.read_at),
    detail: row.detail,
  },
  // as alertResource relates them (the alert.fired payload), so the bell opens what a webhook names
  relationships: {
    rule: { data: { type: 'alert_rule', id: row.rule_id } },
    container: { data: row.container_id ? { type: 'container', id: row.container_id } : null },
    shipment: { data: row.shipment_id ? { type: 'shipment', id: row.shipment_id } : null },
    document: { data: row.subject_type === 'document' ? { type: 'document', id: row.subject_id } : null },
    tracking_request: {
      data: row.subject_type === 'tracking_request' ? { type: 'tracking_request', id: row.subject_id } : null,
    },
  },
  links: { subject: `/v2/${SUBJECT_PATHS[row.subject_type]}/${row.subject_id}` },
})

/** A customer sees only alerts about their own party's shipments. */
const partyOf = (c: Context<RouteEnv>) =>
  c.var.caller.role === 'customer' ? (c.var.caller.partyId ?? '') : undefined

const alertList = ({ storage }: Deps) =>
  route(
    {
      method: 'get',
      path: '/alerts',
      summary:
        "A person's alerts, newest first, with what is unread (Quayside extension; an account key sees the account's)",
      query: { ...pageQuery(25), 'filter[unread]': optional(asOneOf(['true', 'false'] as const)) },
      response: AlertListDocumentSchema,
      customer: 'party-scoped',
    },
    async (c, { query }) => {
      const { caller } = c.var
      const page = pageOf(query)
      const listQuery = {
        unread: query['filter[unread]'] === 'true',
        partyId: partyOf(c),
        size: page.size,
        offset: (page.number - 1) * page.size,
      }
      const result = caller.userId
        ? await storage.alertReads.inbox(caller.accountId, caller.userId, listQuery)
        : await storage.alertReads.ofAccount(caller.accountId, listQuery)
      const unread = caller.userId
        ? await storage.alertReads.unreadCount(caller.accountId, caller.userId, partyOf(c))
        : 0
      return respond(c, {
        data: result.rows.map(renderAlert),
        links: pageLinks(c.var.publicUrl, c.req.url, page, result.total),
        meta: { ...pageMeta(page, result.total), unread_count: unread },
      })
    },
  )

const alertMarks = ({ storage, clock }: Deps) => [
  route(
    {
      method: 'post',
      path: '/alerts/read_all',
      summary: "Mark every one of the caller's alerts read",
      response: META_ONLY_SCHEMA,
      role: 'viewer',
      customer: 'self',
    },
    async (c) => {
      const { caller } = c.var
      const marked = caller.userId
        ? await storage.alertReads.markAllRead(caller.accountId, caller.userId, clock.now(), partyOf(c))
        : 0
      return respond(c, { meta: { marked, unread_count: 0 } })
    },
  ),
  route(
    {
      method: 'post',
      path: '/alerts/:id/read',
      summary: 'Mark one of the caller’s alerts read',
      response: META_ONLY_SCHEMA,
      role: 'viewer',
      customer: 'self',
    },
    async (c) => {
      const { caller } = c.var
      const id = requireUuid(c.req.param('id'), 'alert')
      const marked =
        caller.userId &&
        (await storage.alertReads.markRead(caller.accountId, caller.userId, id, clock.now(), partyOf(c)))
      if (!marked) throw notFound('alert', id)
      const unread = await storage.alertReads.unreadCount(
        caller.accountId,
        caller.userId as string,
        partyOf(c),
      )
      return respond(c, { meta: { unread_count: unread } })
    },
  ),
]

export const alertRoutes = (deps: Deps) => routes(alertList(deps), ...alertMarks(deps))
