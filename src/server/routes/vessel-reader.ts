import type { Context } from 'hono'
import type { Clock } from '../clock'
import { requireUuid } from '../http/params'
import { badParameter, notFound } from '../http/problem'
import type { RouteEnv } from '../http/route'
import { RESOURCES } from '../jsonapi/registry'
import { renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import type { Port, Vessel } from '../storage/reference-store'
import type { Storage } from '../storage/storage'
import type { Point } from '../tracking/geo'
import { futurePositions, seaRouteFromPosition } from '../tracking/sea-routes'
import { includeOf, renderContextOf, selfLink } from './respond-with'

type Positions = Record<string, unknown>[]

export function vesselReader(storage: Storage, clock: Clock) {
  const withPositions = async (c: Context<RouteEnv>, vessel: Vessel, positions: Positions) => {
    const rendered = await renderDocument(
      RESOURCES,
      'vessel',
      vessel,
      includeOf(c),
      renderContextOf(c, storage),
    )
    const data = rendered.data as { attributes: Record<string, unknown> }
    data.attributes.positions = positions
    return { rendered, data }
  }
  return {
    withPositions,
    find: async (id: string) => {
      if (!/^\d{7}$/.test(id)) requireUuid(id, 'vessel')
      const vessel = await storage.reference.vesselByIdOrImo(id)
      if (!vessel) throw notFound('vessel', id)
      return vessel
    },
    ports: async (portId: string, previousPortId: string) => {
      const [port, previous] = await Promise.all([
        storage.reference.portByIdOrCode(portId),
        storage.reference.portByIdOrCode(previousPortId),
      ])
      if (!port) throw notFound('port', portId)
      if (!previous) throw notFound('port', previousPortId)
      return [port, previous] as const
    },
    reported: async (vesselId: string, since: Date, until: Date) =>
      (await storage.reference.positionsOf(vesselId, since, until)).map((p) => ({
        latitude: p.latitude,
        longitude: p.longitude,
        heading: p.heading,
        timestamp: iso(p.timestamp),
        estimated: false,
      })),
    forecast: async (c: Context<RouteEnv>, vessel: Vessel, start: Point, port: Port, previous: Port) => {
      const route = seaRouteFromPosition(start, port.code, previous.code)
      if (!route)
        throw badParameter('port_id', `Quayside knows no sea route to ${port.code}: it is not a seaport`)
      const positions = futurePositions(route, vessel.nautical_speed_knots ?? 17, clock.now())
      const { data } = await withPositions(
        c,
        vessel,
        positions.map((p) => ({ ...p, estimated: true, timestamp: iso(p.timestamp) })),
      )
      return respond(c, { data, links: { self: selfLink(c) } })
    },
  }
}
