import { Hono } from 'hono'
import type { AppEnv, Deps } from '../app'
import { parseInclude } from '../http/include-paths'
import { requireUuid } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import { renderDocument } from '../http/render'
import { respond } from '../http/respond'
import { iso } from '../resources/format'
import { RESOURCES } from '../resources/registry'
import { respondWithOne } from '../resources/respond-with'
import { futurePositions, seaRouteFromPosition } from '../tracking/sea-routes'

export const shippingLineRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const lines = await storage.reference.shippingLines()
      const document = await renderDocument(
        RESOURCES,
        'shipping_line',
        lines,
        parseInclude(c.req.query('include')),
        {
          storage,
          accountId: c.var.caller.accountId,
        },
      )
      return respond(c, {
        ...document,
        links: { self: '/v2/shipping_lines' },
        meta: { size: lines.length, total: lines.length },
      })
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const line = /^[A-Za-z]{2,4}$/.test(id)
        ? await storage.reference.shippingLineByScac(id)
        : (await storage.reference.shippingLinesByIds([requireUuid(id, 'shipping line')]))[0]
      if (!line) throw notFound('shipping line', id)
      return respondWithOne(c, storage, 'shipping_line', line)
    })

export const portRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const port = await storage.reference.portByIdOrCode(c.req.param('id'))
    if (!port) throw notFound('port', c.req.param('id'))
    return respondWithOne(c, storage, 'port', port)
  })

export const terminalRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const [terminal] = await storage.reference.terminalsByIds([requireUuid(c.req.param('id'), 'terminal')])
    if (!terminal) throw notFound('terminal', c.req.param('id'))
    return respondWithOne(c, storage, 'terminal', terminal)
  })

export const vesselRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/:id', async (c) => {
    const id = c.req.param('id')
    if (!/^\d{7}$/.test(id)) requireUuid(id, 'vessel')
    const vessel = await storage.reference.vesselByIdOrImo(id)
    if (!vessel) throw notFound('vessel', id)
    return respondWithOne(c, storage, 'vessel', vessel)
  })

const coordinate = (name: 'latitude' | 'longitude', raw: string | undefined) => {
  const limit = name === 'latitude' ? 90 : 180
  const value = Number(raw)
  if (raw === undefined || raw.trim() === '') throw badParameter(name, `${name} is required`)
  if (!Number.isFinite(value) || Math.abs(value) > limit)
    throw badParameter(name, `${name} must be a number between -${limit} and ${limit}`)
  return value
}

/** GET /vessels/{id}/future_positions_with_coordinates */
export const vesselForecastRoutes = ({ storage, clock }: Deps) =>
  new Hono<AppEnv>().get('/:id/future_positions_with_coordinates', async (c) => {
    const id = c.req.param('id')
    const portId = c.req.query('port_id')
    const previousPortId = c.req.query('previous_port_id')
    if (!portId) throw badParameter('port_id', 'port_id is required')
    if (!previousPortId) throw badParameter('previous_port_id', 'previous_port_id is required')
    const latitude = coordinate('latitude', c.req.query('latitude'))
    const longitude = coordinate('longitude', c.req.query('longitude'))
    if (!/^\d{7}$/.test(id)) requireUuid(id, 'vessel')
    const vessel = await storage.reference.vesselByIdOrImo(id)
    if (!vessel) throw notFound('vessel', id)
    const [port, previous] = await Promise.all([
      storage.reference.portByIdOrCode(portId),
      storage.reference.portByIdOrCode(previousPortId),
    ])
    if (!port) throw notFound('port', portId)
    if (!previous) throw notFound('port', previousPortId)
    const route = seaRouteFromPosition([latitude, longitude], port.code, previous.code)
    if (!route)
      throw badParameter('port_id', `Quayside knows no sea route to ${port.code}: it is not a seaport`)
    const positions = futurePositions(route, vessel.nautical_speed_knots ?? 17, clock.now())
    const rendered = await renderDocument(RESOURCES, 'vessel', vessel, parseInclude(c.req.query('include')), {
      storage,
      accountId: c.var.caller.accountId,
    })
    const data = rendered.data as { attributes: Record<string, unknown> }
    data.attributes.positions = positions.map((p) => ({ ...p, estimated: true, timestamp: iso(p.timestamp) }))
    return respond(c, { data, links: { self: new URL(c.req.url).pathname + new URL(c.req.url).search } })
  })
