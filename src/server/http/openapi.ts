import { z } from 'zod'
import { ContainerDocumentSchema, ContainerListDocumentSchema } from '../../contract/containers'
import { ErrorDocumentSchema } from '../../contract/document'
import { PartyCreateSchema, PartyDocumentSchema, PartyListDocumentSchema } from '../../contract/parties'
import { PortDocumentSchema } from '../../contract/ports'
import { RawEventListDocumentSchema } from '../../contract/raw-events'
import { SearchResultListDocumentSchema } from '../../contract/search-results'
import {
  ShipmentDocumentSchema,
  ShipmentListDocumentSchema,
  ShipmentPatchSchema,
} from '../../contract/shipments'
import { ShippingLineDocumentSchema, ShippingLineListDocumentSchema } from '../../contract/shipping-lines'
import { TerminalDocumentSchema } from '../../contract/terminals'
import {
  InferNumberDocumentSchema,
  InferNumberRequestSchema,
  TrackingRequestCreateSchema,
  TrackingRequestDocumentSchema,
  TrackingRequestListDocumentSchema,
} from '../../contract/tracking-requests'
import { TransportEventListDocumentSchema } from '../../contract/transport-events'
import { VesselDocumentSchema } from '../../contract/vessels'

type Operation = {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  summary: string
  query?: string[]
  body?: z.ZodType
  response: z.ZodType
  status?: number
}

const list = ['page[number]', 'page[size]', 'include']

/** Every operation the service answers, with the contract schemas it reads and writes. */
const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/shipments',
    summary: 'List shipments, newest first',
    query: [...list, 'q', 'number', 'filter[tracking_stopped]'],
    response: ShipmentListDocumentSchema,
  },
  {
    method: 'get',
    path: '/shipments/{id}',
    summary: 'Get a shipment',
    query: ['include'],
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}',
    summary: 'Edit reference numbers and tags',
    body: ShipmentPatchSchema,
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}/stop_tracking',
    summary: 'Stop tracking a shipment',
    response: ShipmentDocumentSchema,
  },
  {
    method: 'patch',
    path: '/shipments/{id}/resume_tracking',
    summary: 'Resume tracking a shipment',
    response: ShipmentDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers',
    summary: 'List containers',
    query: list,
    response: ContainerListDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}',
    summary: 'Get a container',
    query: ['include'],
    response: ContainerDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}/transport_events',
    summary: "A container's transport events",
    query: ['include'],
    response: TransportEventListDocumentSchema,
  },
  {
    method: 'get',
    path: '/containers/{id}/raw_events',
    summary: "A container's raw carrier events",
    response: RawEventListDocumentSchema,
  },
  {
    method: 'get',
    path: '/tracking_requests',
    summary: 'List tracking requests',
    query: [
      ...list,
      'q',
      'filter[request_number]',
      'filter[status]',
      'filter[scac]',
      'filter[created_at][start]',
      'filter[created_at][end]',
    ],
    response: TrackingRequestListDocumentSchema,
  },
  {
    method: 'post',
    path: '/tracking_requests',
    summary: 'Create a tracking request',
    body: TrackingRequestCreateSchema,
    response: TrackingRequestDocumentSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/tracking_requests/{id}',
    summary: 'Get a tracking request',
    query: ['include'],
    response: TrackingRequestDocumentSchema,
  },
  {
    method: 'post',
    path: '/tracking_requests/infer_number',
    summary: 'Infer the number type and shipping line',
    body: InferNumberRequestSchema,
    response: InferNumberDocumentSchema,
  },
  {
    method: 'get',
    path: '/parties',
    summary: 'List customers',
    query: list,
    response: PartyListDocumentSchema,
  },
  {
    method: 'post',
    path: '/parties',
    summary: 'Create a customer',
    body: PartyCreateSchema,
    response: PartyDocumentSchema,
    status: 201,
  },
  { method: 'get', path: '/parties/{id}', summary: 'Get a customer', response: PartyDocumentSchema },
  {
    method: 'get',
    path: '/shipping_lines',
    summary: 'List shipping lines',
    response: ShippingLineListDocumentSchema,
  },
  {
    method: 'get',
    path: '/shipping_lines/{id}',
    summary: 'Get a shipping line by id or SCAC',
    response: ShippingLineDocumentSchema,
  },
  {
    method: 'get',
    path: '/ports/{id}',
    summary: 'Get a port by id or LOCODE',
    query: ['include'],
    response: PortDocumentSchema,
  },
  {
    method: 'get',
    path: '/terminals/{id}',
    summary: 'Get a terminal',
    query: ['include'],
    response: TerminalDocumentSchema,
  },
  {
    method: 'get',
    path: '/vessels/{id}',
    summary: 'Get a vessel by id or IMO',
    response: VesselDocumentSchema,
  },
  {
    method: 'get',
    path: '/search',
    summary: 'Search shipments, containers and tracking requests',
    query: ['query'],
    response: SearchResultListDocumentSchema,
  },
]

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
const errorResponse = (description: string) => ({
  description,
  content: { 'application/vnd.api+json': { schema: schemaOf(ErrorDocumentSchema) } },
})

/** The OpenAPI 3.1 document, generated from the contract so it cannot drift from what is validated. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of OPERATIONS) {
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    paths[operation.path] ??= {}
    paths[operation.path][operation.method] = {
      summary: operation.summary,
      parameters: [
        ...pathParameters,
        ...(operation.query ?? []).map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/vnd.api+json': { schema: schemaOf(operation.body) } },
            },
          }
        : {}),
      responses: {
        [operation.status ?? 200]: {
          description: 'Success',
          content: { 'application/vnd.api+json': { schema: schemaOf(operation.response) } },
        },
        400: errorResponse('A query parameter is not valid'),
        401: errorResponse('No API key, or one that is not valid'),
        ...(operation.method === 'get'
          ? {}
          : { 403: errorResponse('The key is read-only'), 422: errorResponse('The body is not valid') }),
        404: errorResponse('Not found, or not in your account'),
        429: errorResponse('Over the rate limit; see Retry-After'),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quayside tracking service',
      version: '0.2.0',
      description: 'Terminal49 API v2 compatible container tracking.',
    },
    servers: [{ url: '/v2' }],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <API key>' },
      },
    },
    security: [{ token: [] }],
    paths,
  }
}
