import type { ReferenceDocument } from './reference-document'

type Json = Record<string, unknown>

/**
 * Where the reference OpenAPI document says something the real service does not do. Each fault names the
 * live response (in live-responses/) that proves it, the operation that answered it, and the smallest change
 * to the document that makes the live body fit. Nothing else is changed: a Quayside body that does not fit
 * the document and has no live proof here is Quayside's fault, to be fixed in Quayside.
 */
export type ReferenceFault = {
  name: string
  /** What the document says, and what the real service sends instead. */
  why: string
  /** The live body that breaks the document, or for a broken reference the operation that cannot be checked at all. */
  proof:
    | { file: string; operation: string }
    | { example: string; operation: string }
    | { example: string; component: string }
    | { unresolvable: string }
  fix: (document: ReferenceDocument) => void
}

const schemas = (document: ReferenceDocument) => document.components.schemas
const at = (root: unknown, ...path: string[]) =>
  path.reduce<Json>((node, key) => (node as Json)[key] as Json, root as Json)

/** Visits every object in a JSON value, parents first. */
function walk(node: unknown, visit: (node: Json) => void) {
  if (Array.isArray(node)) for (const item of node) walk(item, visit)
  else if (node !== null && typeof node === 'object') {
    visit(node as Json)
    for (const value of Object.values(node)) walk(value, visit)
  }
}

export const REFERENCE_FAULTS: ReferenceFault[] = [
  {
    name: 'container type is documented as account',
    why: 'The container schema\'s `type` enum is ["account"]; the real service answers `container`.',
    proof: { file: 'containers.get.json', operation: 'GET /containers/{id}' },
    fix: (document) => {
      at(schemas(document).container, 'properties', 'type').enum = ['container']
    },
  },
  {
    name: 'to-one relationships documented as objects are null',
    why:
      'Relationship `data` is documented as an object without `nullable`, but the real service sends ' +
      '`{"data": null}` for an empty one (a raw event without a vessel, a shipment nobody stopped tracking).',
    proof: { file: 'containers.raw-events.json', operation: 'GET /containers/{id}/raw_events' },
    fix: (document) =>
      walk(document, (node) => {
        const relationships = node.relationships as Json | undefined
        for (const relationship of Object.values((relationships?.properties as Json | undefined) ?? {})) {
          const data = ((relationship as Json).properties as Json | undefined)?.data as Json | undefined
          if (data?.type === 'object') data.nullable = true
        }
      }),
  },
  {
    name: 'raw event original_event is null',
    why: 'A raw event `original_event` is documented as a string; the real service sends null when the line gave no wording.',
    proof: { file: 'containers.raw-events.json', operation: 'GET /containers/{id}/raw_events' },
    fix: (document) => {
      at(schemas(document).raw_event, 'properties', 'attributes', 'properties', 'original_event').nullable =
        true
    },
  },
  {
    name: 'port coordinates arrive as strings',
    why: 'Port `latitude` and `longitude` are documented as numbers; the real service sends decimal strings ("53.53").',
    proof: { file: 'ports.get.json', operation: 'GET /ports/{id}' },
    fix: (document) => {
      const attributes = at(schemas(document).port, 'properties', 'attributes', 'properties')
      for (const name of ['latitude', 'longitude'])
        attributes[name] = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', nullable: true }
    },
  },
  {
    name: 'search results have type search_result',
    why: 'Search hits are documented with `type` shipment, cargo or tracking_request; the real service sends `search_result` and names the kind in `attributes.entity_type`.',
    proof: { file: 'search.shipment-bol.json', operation: 'GET /search' },
    fix: (document) => {
      const item = at(document.paths['/search'].get.responses['200'].content, 'application/json', 'schema')
      at(item, 'properties', 'data', 'items', 'properties', 'type').enum = ['search_result']
    },
  },
  {
    name: 'links are not RFC 3986 URIs',
    why:
      'Links are documented as `format: uri`, but the real service writes page links with unencoded brackets ' +
      '(`?page[size]=2`) and resource links as rooted paths (`/v2/shipments/…`); neither is an absolute URI.',
    proof: { file: 'parties.list.json', operation: 'GET /parties' },
    fix: (document) =>
      walk(document, (node) => {
        if (node.format === 'uri') delete node.format
      }),
  },
  {
    name: 'container custom field definitions say Cargo',
    why: 'Definition `entity_type` is documented as Shipment, Container or TrackingRequest; the real service lists container definitions as `Cargo`.',
    proof: { file: 'custom-field-definitions.list.json', operation: 'GET /custom_field_definitions' },
    fix: (document) => {
      const entityType = at(
        schemas(document).custom_field_definition,
        'properties',
        'attributes',
        'properties',
      ).entity_type as Json
      entityType.enum = [...(entityType.enum as string[]), 'Cargo']
    },
  },
  {
    name: 'the user schema is missing',
    why: 'The document and email submission operations point at `#/components/schemas/user`, which the document does not define, so none of their bodies can be checked at all.',
    proof: { unresolvable: 'GET /email_submissions/{id}' },
    fix: (document) => {
      schemas(document).user = {
        type: 'object',
        required: ['id', 'type'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          type: { type: 'string', enum: ['user'] },
          attributes: { type: 'object' },
        },
      }
    },
  },
]

const EXAMPLES = '/webhook_notifications/examples'

REFERENCE_FAULTS.push(
  {
    name: 'an example notification is answered as one resource',
    why: '`GET /webhook_notifications/examples?event=` is documented to answer a list in `data`; the real service answers the one notification as an object (its answer, links.self and all, is in webhook-notification-examples.json).',
    proof: { example: 'container.transport.arrived_at_inland_destination', operation: `GET ${EXAMPLES}` },
    fix: (document) => {
      const schema = at(document.paths[EXAMPLES].get.responses['200'].content, 'application/json', 'schema')
      const properties = schema.properties as Json
      properties.data = { anyOf: [properties.data, { $ref: '#/components/schemas/webhook_notification' }] }
    },
  },
  {
    name: 'example notifications include what the payload carries',
    why: "The examples' `included` is documented as webhooks, tracking requests, transport events and estimated events; the real service includes the shipment, container, ports and terminal a payload carries.",
    proof: { example: 'container.transport.arrived_at_inland_destination', operation: `GET ${EXAMPLES}` },
    fix: (document) => {
      const schema = at(document.paths[EXAMPLES].get.responses['200'].content, 'application/json', 'schema')
      const items = at(schema, 'properties', 'included', 'items')
      items.anyOf = [
        ...(items.anyOf as Json[]),
        ...['shipment', 'container', 'port', 'terminal', 'vessel'].map((name) => ({
          $ref: `#/components/schemas/${name}`,
        })),
      ]
    },
  },
  {
    name: "a terminal's codes and address may be null",
    why: '`smdg_code`, `bic_facility_code`, `street` and `zip` are documented as strings; the real service sends null for a terminal it has no such fact for (West Basin Container Terminal in the payloads).',
    proof: { example: 'container.transport.vessel_berthed', component: 'terminal' },
    fix: (document) => {
      const attributes = at(schemas(document).terminal, 'properties', 'attributes', 'properties')
      for (const name of ['smdg_code', 'bic_facility_code', 'street', 'zip', 'nickname'])
        (attributes[name] as Json).nullable = true
    },
  },
)

/** The reference document with every known fault fixed. */
export function withFaultsFixed(document: ReferenceDocument, except?: ReferenceFault) {
  const copy = structuredClone(document)
  for (const fault of REFERENCE_FAULTS) if (fault !== except) fault.fix(copy)
  return copy
}
