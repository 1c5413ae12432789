import { ContainerDocumentSchema } from '../../contract/containers'
import { RawEventListDocumentSchema } from '../../contract/raw-events'
import { TransportEventListDocumentSchema } from '../../contract/transport-events'
import type { Deps } from '../deps'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { containerListRoute } from './container-board-query'
import { containerPatchRoute } from './container-patch'
import { partyContainer } from './party-scope'
import { includeOf, renderContextOf, respondWithOne, selfLink } from './respond-with'

/** A container's transport events and raw carrier events. */
const containerEventRoutes = (storage: Deps['storage']) => {
  const find = partyContainer(storage, (accountId, id) => storage.containers.get(accountId, id))
  return [
    route(
      {
        method: 'get',
        path: '/containers/:id/transport_events',
        customer: 'party-scoped',
        summary: "A container's transport events, in the order they happened",
        query: includeQuery,
        response: TransportEventListDocumentSchema,
      },
      async (c) => {
        const container = await find(c, c.req.param('id'))
        const events = await storage.events.transportByContainerIds(c.var.caller.accountId, [container.id])
        const document = await renderDocument(
          RESOURCES,
          'transport_event',
          events,
          includeOf(c),
          renderContextOf(c, storage),
        )
        const self = selfLink(c)
        const current = `${c.var.publicUrl}/v2/containers/${container.id}/transport_events?page[number]=1`
        return respond(c, { ...document, links: { self, current } })
      },
    ),
    route(
      {
        method: 'get',
        path: '/containers/:id/raw_events',
        customer: 'party-scoped',
        summary: "A container's raw carrier events, with their vessels",
        query: includeQuery,
        response: RawEventListDocumentSchema,
      },
      async (c) => {
        const container = await find(c, c.req.param('id'))
        const events = await storage.events.rawByContainerIds(c.var.caller.accountId, [container.id])
        const document = await renderDocument(
          RESOURCES,
          'raw_event',
          events,
          includeOf(c, ['vessel']),
          renderContextOf(c, storage),
        )
        return respond(c, { ...document, links: { self: selfLink(c) } })
      },
    ),
  ]
}

export const containerRoutes = (deps: Deps) => {
  const { storage } = deps
  const findShown = partyContainer(storage, (accountId, id) => storage.containers.shownGet(accountId, id))
  return routes(
    containerListRoute(storage),
    containerPatchRoute(deps),
    route(
      {
        method: 'get',
        path: '/containers/:id',
        customer: 'party-scoped',
        summary: 'Get a container',
        query: includeQuery,
        response: ContainerDocumentSchema,
      },
      async (c) => respondWithOne(c, storage, 'container', await findShown(c, c.req.param('id'))),
    ),
    ...containerEventRoutes(storage),
  )
}
