import { Hono } from 'hono'
import {
  CustomFieldDefinitionCreateSchema,
  CustomFieldDefinitionPatchSchema,
  CustomFieldOptionCreateSchema,
  CustomFieldOptionPatchSchema,
} from '../../contract/custom-fields'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respondWithOne, respondWithPage } from '../resources/respond-with'

const WITH_OPTIONS = new Set(['enum', 'enum_multi'])

export const customFieldDefinitionRoutes = ({ storage }: Deps) => {
  const store = storage.customFields
  const findDefinition = async (accountId: string, id: string) => {
    const [definition] = await store.definitionsByIds(accountId, [requireUuid(id, 'custom field definition')])
    if (!definition) throw notFound('custom field definition', id)
    return definition
  }
  const findOption = async (accountId: string, definitionId: string, id: string) => {
    const options = await store.optionsByDefinitionIds(accountId, [definitionId])
    const option = options.find((o) => o.id === id)
    if (!option) throw notFound('custom field option', id)
    return option
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      const result = await store.listDefinitions(
        c.var.caller.accountId,
        { entityType: c.req.query('filter[entity_type]'), dataType: c.req.query('filter[data_type]') },
        page,
      )
      return respondWithPage(c, storage, 'custom_field_definition', result, page)
    })
    .post('/', async (c) => {
      const { data } = await readBody(c, CustomFieldDefinitionCreateSchema)
      const accountId = c.var.caller.accountId
      if (await store.definitionBySlug(accountId, data.attributes.entity_type, data.attributes.api_slug))
        throw invalidField(
          '/data/attributes/api_slug',
          `A ${data.attributes.entity_type} field called ${data.attributes.api_slug} already exists`,
          'duplicate',
        )
      const definition = await store.createDefinition({ account_id: accountId, ...data.attributes })
      return respondWithOne(c, storage, 'custom_field_definition', definition, { status: 201 })
    })
    .get('/:id', async (c) =>
      respondWithOne(
        c,
        storage,
        'custom_field_definition',
        await findDefinition(c.var.caller.accountId, c.req.param('id')),
      ),
    )
    .patch('/:id', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      const { data } = await readBody(c, CustomFieldDefinitionPatchSchema)
      const updated = await store.updateDefinition(c.var.caller.accountId, definition.id, data.attributes)
      return respondWithOne(c, storage, 'custom_field_definition', updated)
    })
    .delete('/:id', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      await store.deleteDefinition(c.var.caller.accountId, definition.id)
      return c.body(null, 204)
    })
    .get('/:id/options', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      const page = readPage((name) => c.req.query(name))
      const all = await store.optionsByDefinitionIds(c.var.caller.accountId, [definition.id])
      const rows = all.slice((page.number - 1) * page.size, page.number * page.size)
      return respondWithPage(c, storage, 'custom_field_option', { rows, total: all.length }, page)
    })
    .post('/:id/options', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      const { data } = await readBody(c, CustomFieldOptionCreateSchema)
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
    })
    .get('/:id/options/:optionId', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      return respondWithOne(
        c,
        storage,
        'custom_field_option',
        await findOption(c.var.caller.accountId, definition.id, c.req.param('optionId')),
      )
    })
    .patch('/:id/options/:optionId', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('optionId'))
      const { data } = await readBody(c, CustomFieldOptionPatchSchema)
      return respondWithOne(
        c,
        storage,
        'custom_field_option',
        await store.updateOption(c.var.caller.accountId, option.id, data.attributes),
      )
    })
    .delete('/:id/options/:optionId', async (c) => {
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('id'))
      const option = await findOption(c.var.caller.accountId, definition.id, c.req.param('optionId'))
      await store.deleteOption(c.var.caller.accountId, option.id)
      return c.body(null, 204)
    })
}
