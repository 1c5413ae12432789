import type { Context } from 'hono'
import {
  MetroAreaDocumentSchema,
  PortDocumentSchema,
  PortWithContainersListSchema,
} from '../../contract/ports'
import { ShippingLineDocumentSchema, ShippingLineListDocumentSchema } from '../../contract/shipping-lines'
import { TerminalDocumentSchema } from '../../contract/terminals'
import { VesselDocumentSchema, VesselWithPositionsDocumentSchema } from '../../contract/vessels'
import type { Deps } from '../deps'
import { requireUuid } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import { asCoordinate, asDate, asOneOf, asText, includeQuery, optional, required } from '../http/query-params'
import { type RouteEnv, route, routes } from '../http/route'
import { metroAreaId, metroAreaOf } from '../jsonapi/metro-area-resource'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import { isUuid, type Port, type Vessel } from '../storage/reference-store'
import type { Point } from '../tracking/geo'
import { futurePositions, seaRouteFromPosition } from '../tracking/sea-routes'
import { includeOf, renderContextOf, respondWithOne, selfLink } from './respond-with'

export const shippingLineRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/shipping_lines',
        summary: 'Every shipping line Quayside tracks',
        query: includeQuery,
        response: ShippingLineListDocumentSchema,
      },
      async (c) => {
        const lines = await storage.reference.shippingLines()
        const document = await renderDocument(
          RESOURCES,
          'shipping_line',
          lines,
          includeOf(c),
          renderContextOf(c, storage),
        )
        return respond(c, {
          ...document,
          links: { self: selfLink(c) },
          meta: { size: lines.length, total: lines.length },
        })
      },
    ),
    route(
      {
        method: 'get',
        path: '/shipping_lines/:id',
        query: includeQuery,
        summary: 'Get a shipping line by id or SCAC',
        response: ShippingLineDocumentSchema,
      },
      async (c) => {
        const id = c.req.param('id')
        const line = /^[A-Za-z]{2,4}$/.test(id)
          ? await storage.reference.shippingLineByScac(id)
          : (await storage.reference.shippingLinesByIds([requireUuid(id, 'shipping line')]))[0]
        if (!line) throw notFound('shipping line', id)
        return respondWithOne(c, storage, 'shipping_line', line)
      },
    ),
  )

type Counts = { available: number; on_hold: number; overdue: number }
const sum = (all: Counts[]) =>
  all.reduce(
    (total, n) => ({
      available: total.available + n.available,
      on_hold: total.on_hold + n.on_hold,
      overdue: total.overdue + n.overdue,
    }),
    { available: 0, on_hold: 0, overdue: 0 },
  )

export const portRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/ports',
        summary: 'Ports where the account’s containers wait at terminals, with counts by state',
        description:
          'A Quayside extension for the map: `filter[holding]=waiting` lists each port of discharge with containers discharged and not yet picked up, counting the available, on hold and overdue ones there and at each terminal by the board’s rules.',
        query: { 'filter[holding]': required(asOneOf(['waiting'] as const), 'Only `waiting`') },
        response: PortWithContainersListSchema,
      },
      async (c) => {
        const counts = await storage.board.waitingByTerminal(c.var.caller.accountId)
        const terminals = await storage.reference.terminalsByIds(counts.map((row) => row.terminal_id))
        const ports = await storage.reference.portsByIds([...new Set(terminals.map((t) => t.port_id))])
        const terminalsOf = (portId: string) =>
          terminals
            .filter((t) => t.port_id === portId)
            .map((t) => {
              const { terminal_id: _, ...n } = counts.find((row) => row.terminal_id === t.id)!
              return { id: t.id, name: t.name, container_counts: n }
            })
        const data = ports
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((port) => {
            const list = terminalsOf(port.id)
            return {
              id: port.id,
              type: 'port',
              attributes: {
                name: port.name,
                code: port.code,
                latitude: port.latitude,
                longitude: port.longitude,
                time_zone: port.time_zone,
                container_counts: sum(list.map((t) => t.container_counts)),
                terminals: list,
              },
              links: { self: `${c.var.publicUrl}/v2/ports/${port.id}` },
            }
          })
        return respond(c, {
          data,
          links: { self: selfLink(c) },
          meta: { size: data.length, total: data.length },
        })
      },
    ),
    route(
      {
        method: 'get',
        path: '/ports/:id',
        summary: 'Get a port by id or UN/LOCODE',
        query: includeQuery,
        response: PortDocumentSchema,
      },
      async (c) => {
        const port = await storage.reference.portByIdOrCode(c.req.param('id'))
        if (!port) throw notFound('port', c.req.param('id'))
        return respondWithOne(c, storage, 'port', port)
      },
    ),
  )

export const metroAreaRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/metro_areas/:id',
        summary: 'Get a metro area by id or UN/LOCODE',
        query: includeQuery,
        response: MetroAreaDocumentSchema,
      },
      async (c) => {
        const id = c.req.param('id')
        const port = isUuid(id)
          ? (await storage.reference.allPorts()).find((p) => metroAreaId(p.code) === id)
          : await storage.reference.portByIdOrCode(id)
        if (!port) throw notFound('metro area', id)
        return respondWithOne(c, storage, 'metro_area', metroAreaOf(port))
      },
    ),
  )

export const terminalRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/terminals/:id',
        summary: 'Get a terminal',
        query: includeQuery,
        response: TerminalDocumentSchema,
      },
      async (c) => {
        const [terminal] = await storage.reference.terminalsByIds([
          requireUuid(c.req.param('id'), 'terminal'),
        ])
        if (!terminal) throw notFound('terminal', c.req.param('id'))
        return respondWithOne(c, storage, 'terminal', terminal)
      },
    ),
  )

const FORECAST_QUERY = {
  ...includeQuery,
  port_id: required(asText, 'The port the vessel sails to: id or UN/LOCODE'),
  previous_port_id: required(asText, 'The port it sailed from: id or UN/LOCODE'),
  latitude: required(asCoordinate(90), 'Where the vessel is now'),
  longitude: required(asCoordinate(180), 'Where the vessel is now'),
}

export const vesselRoutes = ({ storage, clock }: Deps) => {
  const find = async (id: string) => {
    if (!/^\d{7}$/.test(id)) requireUuid(id, 'vessel')
    const vessel = await storage.reference.vesselByIdOrImo(id)
    if (!vessel) throw notFound('vessel', id)
    return vessel
  }
  const ports = async (portId: string, previousPortId: string) => {
    const [port, previous] = await Promise.all([
      storage.reference.portByIdOrCode(portId),
      storage.reference.portByIdOrCode(previousPortId),
    ])
    if (!port) throw notFound('port', portId)
    if (!previous) throw notFound('port', previousPortId)
    return [port, previous] as const
  }
  /** The vessel with its expected positions from `start` to `port`, at its speed, from now. */
  const forecast = async (c: Context<RouteEnv>, vessel: Vessel, start: Point, port: Port, previous: Port) => {
    const route = seaRouteFromPosition(start, port.code, previous.code)
    if (!route)
      throw badParameter('port_id', `Quayside knows no sea route to ${port.code}: it is not a seaport`)
    const positions = futurePositions(route, vessel.nautical_speed_knots ?? 17, clock.now())
    const rendered = await renderDocument(
      RESOURCES,
      'vessel',
      vessel,
      includeOf(c),
      renderContextOf(c, storage),
    )
    const data = rendered.data as { attributes: Record<string, unknown> }
    data.attributes.positions = positions.map((p) => ({ ...p, estimated: true, timestamp: iso(p.timestamp) }))
    return respond(c, { data, links: { self: selfLink(c) } })
  }
  return routes(
    route(
      {
        method: 'get',
        path: '/vessels/:id',
        summary: 'Get a vessel by id or IMO number, with where it reported itself when asked',
        query: {
          ...includeQuery,
          'show_positions[from_timestamp]': optional(
            asDate,
            'Positions since this time (7 days before the end by default)',
          ),
          'show_positions[to_timestamp]': optional(asDate, 'Positions until this time (now by default)'),
        },
        response: VesselDocumentSchema,
      },
      async (c, { query }) => {
        const vessel = await find(c.req.param('id'))
        const from = query['show_positions[from_timestamp]']
        const to = query['show_positions[to_timestamp]']
        if (!from && !to) return respondWithOne(c, storage, 'vessel', vessel)
        const until = to ?? clock.now()
        const since = from ?? new Date(until.getTime() - 7 * 24 * 3_600_000)
        const rendered = await renderDocument(
          RESOURCES,
          'vessel',
          vessel,
          includeOf(c),
          renderContextOf(c, storage),
        )
        const data = rendered.data as { attributes: Record<string, unknown> }
        data.attributes.positions = (await storage.reference.positionsOf(vessel.id, since, until)).map(
          (p) => ({
            latitude: p.latitude,
            longitude: p.longitude,
            heading: p.heading,
            timestamp: iso(p.timestamp),
            estimated: false,
          }),
        )
        return respond(c, { ...rendered, data, links: { self: selfLink(c) } })
      },
    ),
    route(
      {
        method: 'get',
        path: '/vessels/:id/future_positions',
        summary: 'Estimated positions from where the vessel last reported to its next port',
        description:
          "From the vessel's last reported position when it has one, or from the previous port when it has none.",
        query: {
          ...includeQuery,
          port_id: FORECAST_QUERY.port_id,
          previous_port_id: FORECAST_QUERY.previous_port_id,
        },
        response: VesselWithPositionsDocumentSchema,
      },
      async (c, { query }) => {
        const vessel = await find(c.req.param('id'))
        const [port, previous] = await ports(query.port_id, query.previous_port_id)
        const start: Point =
          vessel.latitude !== null && vessel.longitude !== null
            ? [vessel.latitude, vessel.longitude]
            : [previous.latitude, previous.longitude]
        return forecast(c, vessel, start, port, previous)
      },
    ),
    route(
      {
        method: 'get',
        path: '/vessels/:id/future_positions_with_coordinates',
        summary: 'Estimated positions from where the vessel is to its next port',
        query: FORECAST_QUERY,
        response: VesselWithPositionsDocumentSchema,
      },
      async (c, { query }) => {
        const vessel = await find(c.req.param('id'))
        const [port, previous] = await ports(query.port_id, query.previous_port_id)
        return forecast(c, vessel, [query.latitude, query.longitude], port, previous)
      },
    ),
  )
}
