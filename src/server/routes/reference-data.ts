import {
  MetroAreaDocumentSchema,
  PortDocumentSchema,
  PortWithContainersListSchema,
} from '../../contract/ports'
import { ShippingLineDocumentSchema, ShippingLineListDocumentSchema } from '../../contract/shipping-lines'
import { TerminalDocumentSchema } from '../../contract/terminals'
import type { Deps } from '../deps'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { asOneOf, includeQuery, required } from '../http/query-params'
import { route, routes } from '../http/route'
import { metroAreaId, metroAreaOf } from '../jsonapi/metro-area-resource'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { isUuid } from '../storage/reference-store'
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
