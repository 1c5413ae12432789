import { AUDIT_EVENT_LIST } from '../../contract/audit-event-list-query'
import { AuditEventListDocumentSchema } from '../../contract/people'
import type { Deps } from '../deps'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams } from '../http/pagination'
import { route, routes } from '../http/route'
import { AUDIT_EVENT_DESCRIPTIONS } from './list-descriptions'
import { respondWithPage } from './respond-with'

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
        const result = await storage.auditEvents.list(c.var.caller.accountId, filters, page)
        return respondWithPage(c, storage, 'audit_event', result, page)
      },
    ),
  )
