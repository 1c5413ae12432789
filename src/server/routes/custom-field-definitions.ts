import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  CustomFieldDefinitionCreateSchema,
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldDefinitionPatchSchema,
  CustomFieldOptionCreateSchema,
  CustomFieldOptionDocumentSchema,
  CustomFieldOptionListDocumentSchema,
  CustomFieldOptionPatchSchema,
} from '../../contract/custom-fields'
import { checkDefinitionSettings } from '../custom-fields/definition-settings'
import { deleteOptionFromValues } from '../custom-fields/delete-option'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { findingOr404 } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { asOneOf, asText, includeQuery, optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import type { CustomFieldDefinition } from '../storage/custom-field-store'

const WITH_OPTIONS = new Set(['enum', 'enum_multi'])

export const customFieldDefinitionRoutes = ({ storage }: Deps) => {
  const store = storage.customFields
  const findDefinition = findingOr404(
    'custom field definition',
    async (accountId, id) => (await store.definitionsByIds(accountId, [id]))[0],
  )
  const findOption = async (accountId: string, definitionId: string, id: string) => {
    const options = await store.optionsByDefinitionIds(accountId, [definitionId])
    const option = options.find((o) => o.id === id)
    if (!option) throw notFound('custom field option', id)
    return option
  }
  /** A slug is how API clients name the field, so it is fixed once the field holds a value. */
  const checkRename = async (accountId: string, definition: CustomFieldDefinition, apiSlug: string) => {
    const pointer = '/data/attributes/api_slug'
    const values = (await store.valueCounts(accountId, [definition.id])).get(definition.id) ?? 0
    if (values > 0)
      throw invalidField(
        pointer,
        `The API slug cannot change once the field holds a value; ${definition.display_name} holds ${values} value${values === 1 ? '' : 's'}`,
        'invalid',
      )
    if (await store.definitionBySlug(accountId, definition.entity_type, apiSlug))
      throw invalidField(
        pointer,
        `A ${definition.entity_type} field called ${apiSlug} already exists`,
        'duplicate',
      )
  }
  return routes(
    route(
      {
        method: 'get',
        path: '/custom_field_definitions',
        summary: 'List custom field definitions',
        query: {
          ...pageQuery(25),
          ...includeQuery,
          'filter[entity_type]': optional(asOneOf(CUSTOM_FIELD_ENTITY_TYPES)),
          'filter[data_type]': optional(asOneOf(CUSTOM_FIELD_DATA_TYPES)),
          'filter[display_name]': optional(asText, 'Definitions whose name starts with this'),
        },
        response: CustomFieldDefinitionListDocumentSchema,
      },
      async (c, { query }) => {
        const page = pageOf(query)
        const result = await store.listDefinitions(
          c.var.caller.accountId,
          {
            entityType: query['filter[entity_type]'],
            dataType: query['filter[data_type]'],
            displayName: query['filter[display_name]'],
          },
          page,
        )
        return respondWithPage(c, storage, 'custom_field_definition', result, page)
      },
    ),
    route(
      {
        method: 'post',
        path: '/custom_field_definitions',
        query: includeQuery,
        summary: 'Define a custom field',
        body: CustomFieldDefinitionCreateSchema,
        response: CustomFieldDefinitionDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        if (await store.definitionBySlug(accountId, data.attributes.entity_type, data.attributes.api_slug))
          throw invalidField(
            '/data/attributes/api_slug',
            `A ${data.attributes.entity_type} field called ${data.attributes.api_slug} already exists`,
            'duplicate',
          )
        checkDefinitionSettings(data.attributes)
        const definition = await store.createDefinition({ account_id: accountId, ...data.attributes })
        return respondWithOne(c, storage, 'custom_field_definition', definition, { status: 201 })
      },
    ),
    route(
      {
        method: 'get',
        path: '/custom_field_definitions/:id',
        summary: 'Get a custom field definition',
        query: includeQuery,
        response: CustomFieldDefinitionDocumentSchema,
      },
      async (c) =>
        respondWithOne(
          c,
          storage,
          'custom_field_definition',
          await findDefinition(c.var.caller.accountId, c.req.param('id')),
        ),
    ),
    route(
      {
        method: 'patch',
        path: '/custom_field_definitions/:id',
        query: includeQuery,
        summary: 'Update a custom field definition',
        body: CustomFieldDefinitionPatchSchema,
        response: CustomFieldDefinitionDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
        checkDefinitionSettings({ ...definition, ...data.attributes })
        if (data.attributes.api_slug !== undefined && data.attributes.api_slug !== definition.api_slug)
          await checkRename(c.var.caller.accountId, definition, data.attributes.api_slug)
        await store.updateDefinition(c.var.caller.accountId, definition.id, data.attributes)
        const updated = await findDefinition(c.var.caller.accountId, definition.id)
        return respondWithOne(c, storage, 'custom_field_definition', updated)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/custom_field_definitions/:id',
        summary: 'Delete a custom field definition and its values',
        response: 'empty',
        status: 200,
      },
      async (c) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
        await store.deleteDefinition(c.var.caller.accountId, definition.id)
        return c.body(null, 200)
      },
    ),
    route(
      {
        method: 'get',
        path: '/custom_field_definitions/:definition_id/options',
        summary: "A definition's options, in order",
        query: { ...pageQuery(), ...includeQuery },
        response: CustomFieldOptionListDocumentSchema,
      },
      async (c, { query }) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        const page = pageOf(query)
        const all = await store.optionsByDefinitionIds(c.var.caller.accountId, [definition.id])
        const rows = all.slice((page.number - 1) * page.size, page.number * page.size)
        return respondWithPage(c, storage, 'custom_field_option', { rows, total: all.length }, page)
      },
    ),
    route(
      {
        method: 'post',
        path: '/custom_field_definitions/:definition_id/options',
        query: includeQuery,
        summary: 'Add an option',
        body: CustomFieldOptionCreateSchema,
        response: CustomFieldOptionDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        if (!WITH_OPTIONS.has(definition.data_type))
          throw invalidField(
            '/data',
            `${definition.display_name} is a ${definition.data_type} field, which has no options`,
          )
        const existing = await store.optionsByDefinitionIds(c.var.caller.accountId, [definition.id])
        if (existing.some((o) => o.value === data.attributes.value))
          throw invalidField(
            '/data/attributes/value',
            `${data.attributes.value} is already an option`,
            'duplicate',
          )
        const option = await store.createOption({
          account_id: c.var.caller.accountId,
          definition_id: definition.id,
          position: existing.length,
          ...data.attributes,
        })
        return respondWithOne(c, storage, 'custom_field_option', option, { status: 201 })
      },
    ),
    route(
      {
        method: 'get',
        path: '/custom_field_definitions/:definition_id/options/:option_id',
        query: includeQuery,
        summary: 'Get an option',
        response: CustomFieldOptionDocumentSchema,
      },
      async (c) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('option_id'))
        return respondWithOne(c, storage, 'custom_field_option', option)
      },
    ),
    route(
      {
        method: 'patch',
        path: '/custom_field_definitions/:definition_id/options/:option_id',
        query: includeQuery,
        summary: 'Update an option',
        body: CustomFieldOptionPatchSchema,
        response: CustomFieldOptionDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('option_id'))
        const updated = await store.updateOption(c.var.caller.accountId, option.id, data.attributes)
        return respondWithOne(c, storage, 'custom_field_option', updated)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/custom_field_definitions/:definition_id/options/:option_id',
        summary: 'Delete an option',
        description:
          'Values that hold the option lose it: an enum value is removed, and an enum_multi value keeps its other options. Each change is kept in the value history.',
        response: 'empty',
        status: 200,
      },
      async (c) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('option_id'))
        await storage.transaction(async (stores) => {
          // waits for values being written to this definition, and holds back new ones until the option is gone
          await stores.customFields.lockDefinition(c.var.caller.accountId, definition.id, 'update')
          await deleteOptionFromValues(stores, c.var.caller, definition, option.value)
          await stores.customFields.deleteOption(c.var.caller.accountId, option.id)
        })
        return c.body(null, 200)
      },
    ),
  )
}
