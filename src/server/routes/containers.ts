import { ContainerDocumentSchema, ContainerPatchSchema } from '../../contract/containers'
import { RawEventListDocumentSchema } from '../../contract/raw-events'
import { TransportEventListDocumentSchema } from '../../contract/transport-events'
import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'
import { containerListRoute } from './container-board-query'
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

export const containerRoutes = ({ storage }: Deps) => {
  const find = findingOr404('container', (accountId, id) => storage.containers.get(accountId, id))
  const findShown = partyContainer(storage, (accountId, id) => storage.containers.shownGet(accountId, id))
  return routes(
    containerListRoute(storage),
    route(
      {
        method: 'patch',
        path: '/containers',
        summary: "Edit a container's reference numbers; data.id names the container",
        query: includeQuery,
        body: ContainerPatchSchema,
        response: ContainerDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        const container = await find(accountId, data.id)
        const updated = data.attributes.ref_numbers
          ? await storage.transaction(async (stores) => {
              const row = await stores.containers.updateRefNumbers(accountId, container.id, [
                ...new Set(data.attributes.ref_numbers),
              ])
              await stores.shipments.refreshSearchNumbers(accountId, container.shipment_id)
              const changes = changedFields(container, row, ['ref_numbers'])
              if (changes)
                await stores.audit.record(auditActor(c), {
                  accountId,
                  action: 'container.updated',
                  target: { type: 'container', id: container.id, label: container.number },
                  ...changes,
                })
              return row
            })
          : container
        return respondWithOne(c, storage, 'container', updated)
      },
    ),
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
