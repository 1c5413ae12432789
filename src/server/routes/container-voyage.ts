import {
  ContainerMapSchema,
  ContainerRefreshResultSchema,
  ContainerRouteDocumentSchema,
} from '../../contract/container-route'
import { systemClock } from '../clock'
import type { Deps } from '../deps'
import { findingOr404, requireUuid } from '../http/params'
import { notFound, Problem, problem } from '../http/problem'
import { route, routes } from '../http/route'
import { routeDocument, routeGeoJson } from '../jsonapi/container-map'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import { containerRoute } from '../tracking/container-route'
import { etaRange, forecastToPod } from '../tracking/vessel-positions'
import { selfLink } from './respond-with'

/** One refresh a container a minute: the line and terminal are asked, not hammered. */
const REFRESH_EVERY_MS = 60_000

/** A container's voyage for a map (its route and the real service's GeoJSON), and a refresh on demand. */
export const containerVoyageRoutes = ({ storage, clock, carrier, wallClock = systemClock }: Deps) => {
  const lastRefresh = new Map<string, number>()
  const findContainer = findingOr404('container', (accountId, id) => storage.containers.get(accountId, id))
  const load = async (accountId: string, id: string) => {
    const container = await findContainer(accountId, id)
    const plan = await storage.shipments.voyage(accountId, container.shipment_id)
    if (!plan)
      throw problem(422, {
        detail: 'This container has no voyage to draw yet: its shipping line has not told us its route',
        code: 'no_route',
      })
    const voyage = containerRoute(plan, clock.now().getTime())
    const ports = new Map(
      (await storage.reference.portsByIds(voyage.ports.map((p) => p.place.id))).map((p) => [p.id, p]),
    )
    return { container, voyage, ports, plan }
  }
  /** Refuses a refresh within a minute of the last one for the same container, saying when to try. */
  const takeRefresh = (containerId: string) => {
    const now = wallClock.now().getTime()
    for (const [id, at] of lastRefresh) if (now - at >= REFRESH_EVERY_MS) lastRefresh.delete(id)
    const last = lastRefresh.get(containerId)
    if (last !== undefined) {
      const seconds = Math.max(1, Math.ceil((last + REFRESH_EVERY_MS - now) / 1000))
      throw new Problem(
        429,
        [
          {
            status: '429',
            title: 'Too Many Requests',
            detail: `This container was refreshed less than a minute ago; try again in ${seconds} s`,
            code: 'refresh_limited',
          },
        ],
        { 'Retry-After': String(seconds) },
      )
    }
    lastRefresh.set(containerId, now)
  }
  return routes(
    route(
      {
        method: 'get',
        path: '/containers/:id/map_geojson',
        summary: "A container's ports, vessel tracks and vessel now, as GeoJSON for any map library",
        response: ContainerMapSchema,
      },
      async (c) => {
        const { voyage, ports } = await load(c.var.caller.accountId, c.req.param('id'))
        return c.json(routeGeoJson(voyage, ports, clock.now()))
      },
    ),
    route(
      {
        method: 'get',
        path: '/containers/:id/route',
        summary: "A container's ports and legs, past and planned, with their vessels and where they are",
        response: ContainerRouteDocumentSchema,
      },
      async (c) => {
        const { container, voyage, ports, plan } = await load(c.var.caller.accountId, c.req.param('id'))
        const document = routeDocument(container.id, voyage, ports)
        const now = clock.now().getTime()
        const range = etaRange(plan, now)
        const time = (ms: number) => iso(new Date(ms))
        const forecast = {
          eta_range: {
            earliest: time(range.earliest),
            likely: time(range.likely),
            latest: time(range.latest),
          },
          path: forecastToPod(plan, now).map((p) => ({ ...p, timestamp: time(p.timestamp) })),
        }
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
        const accountId = c.var.caller.accountId
        const container = await storage.containers.get(accountId, requireUuid(c.req.param('id'), 'container'))
        if (!container) throw notFound('container', c.req.param('id'))
        if (!carrier)
          throw problem(503, {
            detail: 'No carrier integration is configured, so there is nobody to ask',
            code: 'no_carrier',
          })
        const [shipment] = await storage.shipments.byIds(accountId, [container.shipment_id])
        takeRefresh(container.id)
        const now = clock.now()
        const answer = await carrier.refresh({
          scac: shipment.shipping_line_scac,
          billOfLading: shipment.bill_of_lading_number,
          containerNumber: container.number,
          byRail: Boolean(container.ind_rail_carrier_scac ?? container.pod_rail_carrier_scac),
          now,
        })
        // the engine brings the shipment up to date at its next tick; webhooks announce what changed
        if (!shipment.line_tracking_stopped_at)
          await storage.shipments.update(accountId, shipment.id, {
            next_update_at: now,
            line_tracking_last_attempted_at: now,
          })
        return c.json({ message: `Started refresh for ${answer.sources.join(', ')}` })
      },
    ),
  )
}
