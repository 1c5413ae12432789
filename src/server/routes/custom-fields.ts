import {
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldPatchSchema,
  CustomFieldUpsertSchema,
} from '../../contract/custom-fields'
import type { Deps } from '../app'
import { resolveReference } from '../custom-fields/resolve-reference'
import { validateCustomFieldValue } from '../custom-fields/validate-value'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { asOneOf, asUuid, includeQuery, optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import type { CustomFieldDefinition } from '../storage/custom-field-store'

type Entity = {
  valueType: 'Shipment' | 'Cargo'
  definitionType: 'Shipment' | 'Container'
  name: string
  /** Where its fields live, and the path parameter naming it. */
  path: string
  param: string
}
export const SHIPMENT_ENTITY: Entity = {
  valueType: 'Shipment',
  definitionType: 'Shipment',
  name: 'shipment',
  path: '/shipments/:shipment_id/custom_fields',
  param: 'shipment_id',
}
export const CONTAINER_ENTITY: Entity = {
  valueType: 'Cargo',
  definitionType: 'Container',
  name: 'container',
  path: '/containers/:container_id/custom_fields',
  param: 'container_id',
}

/** GET /custom_fields: every value on the caller's shipments and containers. */
export const customFieldListRoutes = ({ storage }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/custom_fields',
        summary: "Every custom field value on the account's shipments and containers",
        query: {
          ...pageQuery(25),
          ...includeQuery,
          'filter[entity_type]': optional(asOneOf(['Shipment', 'Cargo'])),
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
  )

/** The custom fields of one shipment or container: show to read, update to write. */
export const entityCustomFieldRoutes = ({ storage }: Deps, entity: Entity) => {
  const findEntity = async (accountId: string, id: string) => {
    const [row] =
      entity.valueType === 'Shipment'
        ? await storage.shipments.byIds(accountId, [requireUuid(id, entity.name)])
        : await storage.containers.byIds(accountId, [requireUuid(id, entity.name)])
    if (!row) throw notFound(entity.name, id)
    return row
  }
  /** The slug comes from the body on POST (a bad one is a 422 there) and from the path otherwise (404). */
  const findDefinition = async (accountId: string, apiSlug: string, from: 'body' | 'path') => {
    const definition = await storage.customFields.definitionBySlug(accountId, entity.definitionType, apiSlug)
    if (!definition) {
      if (from === 'body')
        throw invalidField(
          '/data/attributes/api_slug',
          `There is no ${entity.name} custom field called ${apiSlug}`,
          'not_found',
        )
      throw notFound(`${entity.name} custom field`, apiSlug)
    }
    return definition
  }
  const write = async (
    accountId: string,
    entityId: string,
    definition: CustomFieldDefinition,
    value: unknown,
  ) => {
    const options = await storage.customFields.optionsByDefinitionIds(accountId, [definition.id])
    const checked = validateCustomFieldValue(definition, options, value)
    if (!checked.ok) throw invalidField('/data/attributes/value', checked.detail, 'invalid')
    let display = checked.display
    if (definition.data_type === 'reference' && checked.value !== null) {
      const shown = await resolveReference(
        storage,
        accountId,
        definition.reference_type,
        String(checked.value),
      )
      if (shown === undefined)
        throw invalidField(
          '/data/attributes/value',
          `${definition.display_name} must be the id of a ${definition.reference_type ?? 'shipment, container or customer'} in your account`,
          'not_found',
        )
      display = shown
    }
    return storage.customFields.upsertValue({
      account_id: accountId,
      definition_id: definition.id,
      entity_type: entity.valueType,
      entity_id: entityId,
      api_slug: definition.api_slug,
      value: checked.value,
      display_value: display,
    })
  }
  const entityId = (c: { req: { param: (name: string) => string | undefined } }) =>
    c.req.param(entity.param) ?? ''
  return routes(
    route(
      {
        method: 'get',
        path: entity.path,
        summary: `A ${entity.name}'s custom fields`,
        query: { ...pageQuery(25), ...includeQuery },
        response: CustomFieldListDocumentSchema,
      },
      async (c, { query }) => {
        const found = await findEntity(c.var.caller.accountId, entityId(c))
        const page = pageOf(query)
        const result = await storage.customFields.listValues(
          c.var.caller.accountId,
          { entityId: found.id },
          page,
        )
        return respondWithPage(c, storage, 'custom_field', result, page)
      },
    ),
    route(
      {
        method: 'post',
        path: entity.path,
        summary: `Set a ${entity.name} custom field: created, or updated when it has one`,
        query: includeQuery,
        body: CustomFieldUpsertSchema,
        response: CustomFieldDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const found = await findEntity(c.var.caller.accountId, entityId(c))
        const definition = await findDefinition(c.var.caller.accountId, data.attributes.api_slug, 'body')
        const row = await write(c.var.caller.accountId, found.id, definition, data.attributes.value)
        return respondWithOne(c, storage, 'custom_field', row, { status: 201 })
      },
    ),
    route(
      {
        method: 'patch',
        path: `${entity.path}/:api_slug`,
        summary: `Update a ${entity.name} custom field`,
        query: includeQuery,
        body: CustomFieldPatchSchema,
        response: CustomFieldDocumentSchema,
        idParam: false,
      },
      async (c, { body: { data } }) => {
        const found = await findEntity(c.var.caller.accountId, entityId(c))
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('api_slug'), 'path')
        const row = await write(c.var.caller.accountId, found.id, definition, data.attributes.value)
        return respondWithOne(c, storage, 'custom_field', row)
      },
    ),
    route(
      {
        method: 'delete',
        path: `${entity.path}/:api_slug`,
        summary: `Remove a ${entity.name} custom field`,
        response: 'empty',
      },
      async (c) => {
        const found = await findEntity(c.var.caller.accountId, entityId(c))
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('api_slug'), 'path')
        if (!(await storage.customFields.deleteValue(c.var.caller.accountId, found.id, definition.id)))
          throw notFound(`${entity.name} custom field`, definition.api_slug)
        return c.body(null, 204)
      },
    ),
  )
}
