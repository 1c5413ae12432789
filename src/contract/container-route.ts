import { z } from 'zod/mini'
import { looseNumber, singleDocument, timestamp } from './document'

const position = z.tuple([looseNumber, looseNumber])

export const ContainerMapSchema = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.looseObject({
      type: z.literal('Feature'),
      geometry: z.union([
        z.looseObject({ type: z.literal('Point'), coordinates: position }),
        z.looseObject({ type: z.literal('LineString'), coordinates: z.array(position) }),
      ]),
      properties: z.looseObject({ feature_type: z.string() }),
    }),
  ),
})
export type ContainerMap = z.infer<typeof ContainerMapSchema>

const RouteTimeSchema = z.nullish(z.looseObject({ at: timestamp, actual: z.boolean() }))

const RoutePortSchema = z.looseObject({
  sequence: looseNumber,
  label: z.string(),
  port_id: z.string(),
  locode: z.string(),
  name: z.string(),
  time_zone: z.nullish(z.string()),
  latitude: looseNumber,
  longitude: looseNumber,
  arrival: RouteTimeSchema,
  departure: RouteTimeSchema,
})

const RouteLegSchema = z.looseObject({
  sequence: looseNumber,
  state: z.string(),
  vessel: z.looseObject({ id: z.string(), name: z.nullish(z.string()), imo: z.nullish(z.string()) }),
  voyage_number: z.nullish(z.string()),
  from_port_id: z.string(),
  to_port_id: z.string(),
  departure: RouteTimeSchema,
  arrival: RouteTimeSchema,
  sailed: z.array(position),
  ahead: z.array(position),
  vessel_position: z.nullish(
    z.looseObject({
      latitude: looseNumber,
      longitude: looseNumber,
      heading: z.nullish(looseNumber),
      speed_knots: z.nullish(looseNumber),
      timestamp,
    }),
  ),
})

const ForecastTime = z.nullish(timestamp)

const ForecastSchema = z.looseObject({
  eta_range: z.nullish(z.looseObject({ earliest: ForecastTime, likely: ForecastTime, latest: ForecastTime })),
  path: z.array(
    z.looseObject({
      latitude: looseNumber,
      longitude: looseNumber,
      heading: z.nullish(looseNumber),
      timestamp,
    }),
  ),
})

export const ContainerRouteDocumentSchema = singleDocument(
  z.looseObject({
    id: z.string(),
    type: z.literal('container_route'),
    attributes: z.looseObject({
      ports: z.array(RoutePortSchema),
      legs: z.array(RouteLegSchema),
      forecast: z.nullish(ForecastSchema),
    }),
  }),
)
export type ContainerRouteDocument = z.infer<typeof ContainerRouteDocumentSchema>

export const ContainerRefreshResultSchema = z.looseObject({ message: z.string() })
