import {
  CUSTOM_FIELD_DATA_TYPES,
  CUSTOM_FIELD_ENTITY_TYPES,
  CustomFieldDefinitionCreateSchema,
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldDefinitionPatchSchema,
} from '../../contract/custom-fields'
import { checkDefinitionSettings } from '../custom-fields/definition-settings'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { invalidField } from '../http/problem'
import { asOneOf, asText, includeQuery, optional } from '../http/query-params'
import { type Operation, route, routes } from '../http/route'
import type { CustomFieldDefinition } from '../storage/custom-field-store'
import { definitionFinder, refuseTakenSlug } from './custom-field-lookups'
import { customFieldOptionOperations } from './custom-field-options'
import { recordDefinitionChange } from './definition-audit'
import { respondWithOne, respondWithPage } from './respond-with'

const DEFINITION_NAMES = ['entity_type', 'api_slug', 'display_name', 'data_type']

const definitionCollection = ({ storage }: Deps): Operation[] => {
  const store = storage.customFields
  return [
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
        role: 'admin',
        query: includeQuery,
        summary: 'Define a custom field',
        body: CustomFieldDefinitionCreateSchema,
        response: CustomFieldDefinitionDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const accountId = c.var.caller.accountId
        await refuseTakenSlug(store, accountId, data.attributes.entity_type, data.attributes.api_slug)
        checkDefinitionSettings(data.attributes)
        const definition = await storage.transaction(async (stores) => {
          const made = await stores.customFields.createDefinition({
            account_id: accountId,
            ...data.attributes,
          })
          await recordDefinitionChange(c, stores, Object.keys(data.attributes), undefined, made)
          return made
        })
        return respondWithOne(c, storage, 'custom_field_definition', definition, { status: 201 })
      },
    ),
  ]
}

const definitionMember = ({ storage }: Deps): Operation[] => {
  const store = storage.customFields
  const findDefinition = definitionFinder(store)
  /** A slug is how API clients name the field, so it is fixed once the field holds a value. */
  const checkRename = async (accountId: string, definition: CustomFieldDefinition, apiSlug: string) => {
    const values = (await store.valueCounts(accountId, [definition.id])).get(definition.id) ?? 0
    if (values > 0)
      throw invalidField(
        '/data/attributes/api_slug',
        `The API slug cannot change once the field holds a value; ${definition.display_name} holds ${values} value${values === 1 ? '' : 's'}`,
        'invalid',
      )
    await refuseTakenSlug(store, accountId, definition.entity_type, apiSlug)
  }
  return [
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
        role: 'admin',
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
        const accountId = c.var.caller.accountId
        const updated = await storage.transaction(async (stores) => {
          await stores.customFields.updateDefinition(accountId, definition.id, data.attributes)
          const [row] = await stores.customFields.definitionsByIds(accountId, [definition.id])
          await recordDefinitionChange(c, stores, Object.keys(data.attributes), definition, row)
          return row
        })
        return respondWithOne(c, storage, 'custom_field_definition', updated)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/custom_field_definitions/:id',
        role: 'admin',
        summary: 'Delete a custom field definition and its values',
        response: 'empty',
        status: 200,
      },
      async (c) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
        await storage.transaction(async (stores) => {
          if (await stores.customFields.deleteDefinition(c.var.caller.accountId, definition.id))
            await recordDefinitionChange(c, stores, DEFINITION_NAMES, definition, undefined)
        })
        return c.body(null, 200)
      },
    ),
  ]
}

export const customFieldDefinitionRoutes = (deps: Deps) =>
  routes(...definitionCollection(deps), ...definitionMember(deps), ...customFieldOptionOperations(deps))
