import { VesselDocumentSchema, VesselWithPositionsDocumentSchema } from '../../contract/vessels'
import type { Deps } from '../deps'
import { asCoordinate, asDate, asText, includeQuery, optional, required } from '../http/query-params'
import { route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import type { Point } from '../tracking/geo'
import { respondWithOne, selfLink } from './respond-with'
import { vesselReader } from './vessel-reader'

const FORECAST_QUERY = {
  ...includeQuery,
  port_id: required(asText, 'The port the vessel sails to: id or UN/LOCODE'),
  previous_port_id: required(asText, 'The port it sailed from: id or UN/LOCODE'),
  latitude: required(asCoordinate(90), 'Where the vessel is now'),
  longitude: required(asCoordinate(180), 'Where the vessel is now'),
}

export const vesselRoutes = ({ storage, clock }: Deps) => {
  const { find, ports, forecast, reported, withPositions } = vesselReader(storage, clock)
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
        const { rendered, data } = await withPositions(c, vessel, await reported(vessel.id, since, until))
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
