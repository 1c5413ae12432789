import type { Context } from 'hono'
import { z } from 'zod/mini'
import { AlertListDocumentSchema } from '../../contract/alerts'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { asOneOf, optional } from '../http/query-params'
import { type RouteEnv, route, routes } from '../http/route'
import { pageLinks, pageMeta } from '../jsonapi/page-links'
import { RESOURCES } from '../jsonapi/registry'
import { type ResourceObject, renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import type { ShownAlert } from '../storage/alert-reads'
import { renderContextOf } from './respond-with'

const META_ONLY_SCHEMA = z.looseObject({ meta: z.looseObject({ unread_count: z.number() }) })

const SUBJECT_PATHS: Record<string, string> = {
  container: 'containers',
  document: 'documents',
  tracking_request: 'tracking_requests',
}

/** The bell's alert is the webhook's (`alertResource`), with its reader's read mark and where its subject lives. */
async function renderAlerts(c: Context<RouteEnv>, storage: Deps['storage'], rows: ShownAlert[]) {
  const document = await renderDocument(RESOURCES, 'alert', rows, new Map(), renderContextOf(c, storage))
  return (document.data as ResourceObject[]).map((resource, i) => ({
    ...resource,
    links: { subject: `/v2/${SUBJECT_PATHS[rows[i].subject_type]}/${rows[i].subject_id}` },
  }))
}

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
        data: await renderAlerts(c, storage, result.rows),
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
