import {
  ContainerMapSchema,
  ContainerRefreshResultSchema,
  ContainerRouteDocumentSchema,
} from '../../contract/container-route'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { route, routes } from '../http/route'
import { routeDocument, routeGeoJson } from '../jsonapi/container-map'
import { respond } from '../jsonapi/respond'
import { refreshContainer, refreshLimit } from './container-refresh'
import { voyageForecast, voyageLoader } from './container-voyage-load'
import { partyContainer } from './party-scope'
import { selfLink } from './respond-with'

export const containerVoyageRoutes = ({ storage, clock, carrier, wallClock = systemClock }: Deps) => {
  const load = voyageLoader(storage, clock)
  const findContainer = partyContainer(storage, (accountId, id) => storage.containers.get(accountId, id))
  const takeRefresh = refreshLimit(wallClock)
  return routes(
    route(
      {
        method: 'get',
        path: '/containers/:id/map_geojson',
        customer: 'party-scoped',
        summary: "A container's ports, vessel tracks and vessel now, as GeoJSON for any map library",
        response: ContainerMapSchema,
      },
      async (c) => {
        const { voyage, ports } = await load(await findContainer(c, c.req.param('id')))
        return c.json(routeGeoJson(voyage, ports, clock.now()))
      },
    ),
    route(
      {
        method: 'get',
        path: '/containers/:id/route',
        customer: 'party-scoped',
        summary: "A container's ports and legs, past and planned, with their vessels and where they are",
        response: ContainerRouteDocumentSchema,
      },
      async (c) => {
        const { container, voyage, ports, plan } = await load(await findContainer(c, c.req.param('id')))
        const document = routeDocument(container.id, voyage, ports)
        const forecast = voyageForecast(plan, clock.now().getTime())
        const data = { ...document.data, attributes: { ...document.data.attributes, forecast } }
        return respond(c, { data, links: { self: selfLink(c) } })
      },
    ),
    route(
      {
        method: 'patch',
        path: '/containers/:id/refresh',
        summary: 'Ask the shipping line, terminal and rail carrier about a container now',
        description:
          'At most once a minute for each container; a second refresh within it answers 429 with Retry-After.',
        response: ContainerRefreshResultSchema,
      },
      async (c) => {
        const answer = await refreshContainer(
          { storage, clock, carrier },
          takeRefresh,
          c.var.caller.accountId,
          c.req.param('id'),
        )
        return c.json({ message: `Started refresh for ${answer.sources.join(', ')}` })
      },
    ),
  )
}
