import {
  CustomFieldOptionCreateSchema,
  CustomFieldOptionDocumentSchema,
  CustomFieldOptionListDocumentSchema,
  CustomFieldOptionPatchSchema,
} from '../../contract/custom-fields'
import { deleteOptionFromValues } from '../custom-fields/delete-option'
import type { Deps } from '../deps'
import { pageOf, pageQuery } from '../http/pagination'
import { invalidField } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { type Operation, route } from '../http/route'
import { valueWriter } from './audit-actor'
import { definitionFinder, optionFinder } from './custom-field-lookups'
import { recordOptionChange } from './definition-audit'
import { respondWithOne, respondWithPage } from './respond-with'

const WITH_OPTIONS = new Set(['enum', 'enum_multi'])

const optionCollection = ({ storage }: Deps): Operation[] => {
  const store = storage.customFields
  const findDefinition = definitionFinder(store)
  return [
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
        role: 'admin',
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
        const option = await storage.transaction(async (stores) => {
          const made = await stores.customFields.createOption({
            account_id: c.var.caller.accountId,
            definition_id: definition.id,
            position: existing.length,
            ...data.attributes,
          })
          await recordOptionChange(c, stores, definition, undefined, made)
          return made
        })
        return respondWithOne(c, storage, 'custom_field_option', option, { status: 201 })
      },
    ),
  ]
}

const optionMember = ({ storage }: Deps): Operation[] => {
  const store = storage.customFields
  const findDefinition = definitionFinder(store)
  const findOption = optionFinder(store)
  return [
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
        role: 'admin',
        query: includeQuery,
        summary: 'Update an option',
        body: CustomFieldOptionPatchSchema,
        response: CustomFieldOptionDocumentSchema,
      },
      async (c, { body: { data } }) => {
        const definition = await findDefinition(c.var.caller.accountId, c.req.param('definition_id'))
        const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('option_id'))
        const updated = await storage.transaction(async (stores) => {
          const row = await stores.customFields.updateOption(
            c.var.caller.accountId,
            option.id,
            data.attributes,
          )
          if (row) await recordOptionChange(c, stores, definition, option, row)
          return row
        })
        return respondWithOne(c, storage, 'custom_field_option', updated)
      },
    ),
    route(
      {
        method: 'delete',
        path: '/custom_field_definitions/:definition_id/options/:option_id',
        role: 'admin',
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
          // holds back new values until the option is gone
          await stores.customFields.lockDefinition(c.var.caller.accountId, definition.id, 'update')
          await deleteOptionFromValues(stores, valueWriter(c), definition, option.value)
          await stores.customFields.deleteOption(c.var.caller.accountId, option.id)
          await recordOptionChange(c, stores, definition, option, undefined)
        })
        return c.body(null, 200)
      },
    ),
  ]
}

export const customFieldOptionOperations = (deps: Deps) => [...optionCollection(deps), ...optionMember(deps)]
