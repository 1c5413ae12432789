import {
  CustomFieldChangeListDocumentSchema,
  CustomFieldCreateSchema,
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldPatchSchema,
} from '../../contract/custom-fields'
import {
  CONTAINER_ENTITY,
  CUSTOM_FIELD_ENTITIES,
  entityOfValue,
  SHIPMENT_ENTITY,
  TRACKING_REQUEST_ENTITY,
} from '../custom-fields/entities'
import { removeValueRow, writeCustomFieldValue, writeValueBySlug } from '../custom-fields/write-value'
import type { Deps } from '../deps'
import { entityTag } from '../http/if-match'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404, requireUuid } from '../http/params'
import { invalidField } from '../http/problem'
import { asOneOf, asUuid, includeQuery, optional } from '../http/query-params'
import { type Operation, route, routes } from '../http/route'
import { isUuid } from '../storage/reference-store'
import { auditActor, valueWriter } from './audit-actor'
import { respondWithOne, respondWithPage } from './respond-with'

const ENTITY_BY_TYPE = {
  shipment: SHIPMENT_ENTITY,
  container: CONTAINER_ENTITY,
  cargo: CONTAINER_ENTITY,
  tracking_request: TRACKING_REQUEST_ENTITY,
}

const valueCollection = ({ storage }: Deps): Operation[] => [
  route(
    {
      method: 'get',
      path: '/custom_fields',
      summary: "Every custom field value on the account's shipments, containers and tracking requests",
      query: {
        ...pageQuery(25),
        ...includeQuery,
        'filter[entity_type]': optional(asOneOf(CUSTOM_FIELD_ENTITIES.map((e) => e.valueType))),
        'filter[entity_id]': optional(asUuid),
        'filter[definition_id]': optional(asUuid),
      },
      response: CustomFieldListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const result = await storage.customFields.listValues(
        c.var.caller.accountId,
        {
          entityType: query['filter[entity_type]'],
          entityId: query['filter[entity_id]'],
          definitionId: query['filter[definition_id]'],
        },
        page,
      )
      return respondWithPage(c, storage, 'custom_field', result, page)
    },
  ),
  route(
    {
      method: 'post',
      path: '/custom_fields',
      summary:
        'Set a custom field on the shipment, container or tracking request named in relationships.entity',
      query: includeQuery,
      body: CustomFieldCreateSchema,
      response: CustomFieldDocumentSchema,
      status: 201,
    },
    async (c, { body: { data } }) => {
      const accountId = c.var.caller.accountId
      const target = data.relationships.entity.data
      const entity = ENTITY_BY_TYPE[target.type]
      if (!isUuid(target.id) || !(await entity.exists(storage, accountId, target.id)))
        throw invalidField(
          '/data/relationships/entity/data/id',
          `There is no ${entity.name} with id ${target.id}`,
          'not_found',
        )
      const row = await writeValueBySlug(
        storage,
        { ...c.var.caller, actor: auditActor(c) },
        { entity, entityId: target.id },
        { apiSlug: data.attributes.api_slug, from: 'body' },
        data.attributes.value,
      )
      return respondWithOne(c, storage, 'custom_field', row, { status: 201 })
    },
  ),
]

const valueMember = ({ storage }: Deps): Operation[] => {
  const find = findingOr404(
    'custom field',
    async (accountId, id) => (await storage.customFields.valuesByIds(accountId, [id]))[0],
  )
  return [
    route(
      {
        method: 'get',
        path: '/custom_fields/:id',
        summary: 'Get a custom field value',
        query: includeQuery,
        response: CustomFieldDocumentSchema,
      },
      async (c) =>
        respondWithOne(c, storage, 'custom_field', await find(c.var.caller.accountId, c.req.param('id'))),
    ),
    route(
      {
        method: 'get',
        path: '/custom_fields/:id/history',
        summary: 'Who changed a custom field value and when, newest first (a Quayside extension)',
        query: { ...pageQuery(25), ...includeQuery },
        response: CustomFieldChangeListDocumentSchema,
      },
      async (c, { query }) => {
        const id = requireUuid(c.req.param('id'), 'custom field')
        const page = pageOf(query)
        const result = await storage.customFields.history(c.var.caller.accountId, id, page)
        // a removed value keeps its history; one set before history was kept has none yet
        if (result.total === 0) await find(c.var.caller.accountId, id)
        return respondWithPage(c, storage, 'custom_field_change', result, page)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/custom_fields/:id',
        summary: 'Change a custom field value',
        description:
          'Send `If-Match` with the version read (its `version` attribute, or the `ETag` of an earlier write) to refuse the change with 412 when someone has written the value since.',
        query: includeQuery,
        body: CustomFieldPatchSchema,
        response: CustomFieldDocumentSchema,
        ifMatch: true,
      },
      async (c, { body: { data }, ifMatch }) => {
        const accountId = c.var.caller.accountId
        const value = await find(accountId, c.req.param('id'))
        const [definition] = await storage.customFields.definitionsByIds(accountId, [value.definition_id])
        const row = await writeCustomFieldValue(
          storage,
          accountId,
          entityOfValue(value.entity_type),
          value.entity_id,
          definition,
          data.attributes.value,
          valueWriter(c),
          ifMatch,
        )
        c.header('ETag', entityTag(row.version))
        return respondWithOne(c, storage, 'custom_field', row)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/custom_fields/:id',
        summary: 'Remove a custom field value',
        response: 'empty',
        status: 200,
      },
      async (c) => {
        await removeValueRow(storage, await find(c.var.caller.accountId, c.req.param('id')), valueWriter(c))
        return c.body(null, 200)
      },
    ),
  ]
}

export const customFieldValueRoutes = (deps: Deps) => routes(...valueCollection(deps), ...valueMember(deps))
