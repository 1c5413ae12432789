import { AUDIT_EVENT_LIST } from '../../contract/audit-event-list-query'
import { AuditEventListDocumentSchema, roleAtLeast } from '../../contract/people'
import type { Deps } from '../deps'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams } from '../http/pagination'
import { route, routes } from '../http/route'
import { AUDIT_EVENT_DESCRIPTIONS } from './list-descriptions'
import { respondWithPage } from './respond-with'

/**
 * Below an admin, only the trail of what the role reads anyway (a custom field value is recorded on its
 * shipment, container or tracking request); webhooks, keys, embeds, invitations and people carry secrets,
 * origins and emails.
 */
const READABLE_TYPES = ['shipment', 'container', 'tracking_request', 'document'] as const

/** Read only: no route edits or deletes an event, and the table refuses it even to raw SQL (migration 0030). */
export const auditEventRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/audit_events',
        summary: 'Who changed what, when and from where, newest first (a Quayside extension)',
        query: {
          ...pageParams(AUDIT_EVENT_LIST.page),
          ...filterParams(AUDIT_EVENT_LIST, AUDIT_EVENT_DESCRIPTIONS),
        },
        response: AuditEventListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const filters = filtersOf(AUDIT_EVENT_LIST, query)
        const { caller } = c.var
        const admin = roleAtLeast(caller.role, 'admin')
        const reader = admin ? undefined : { types: [...READABLE_TYPES], userId: caller.userId }
        const result = await storage.auditEvents.list(caller.accountId, filters, page, reader)
        // an address is personal data: only an admin sees where a change came from
        const rows = admin ? result.rows : result.rows.map((row) => ({ ...row, address: null }))
        return respondWithPage(c, storage, 'audit_event', { ...result, rows }, page)
      },
    ),
  )
