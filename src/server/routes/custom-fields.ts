import { Hono } from 'hono'
import { CustomFieldPatchSchema, CustomFieldUpsertSchema } from '../../contract/custom-fields'
import type { AppEnv, Deps } from '../app'
import { resolveReference } from '../custom-fields/resolve-reference'
import { validateCustomFieldValue } from '../custom-fields/validate-value'
import { readPage } from '../http/pagination'
import { requireUuid, uuidParameter } from '../http/params'
import { badParameter, invalidField, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import type { CustomFieldDefinition } from '../storage/custom-field-store'

type Entity = { valueType: 'Shipment' | 'Cargo'; definitionType: 'Shipment' | 'Container'; name: string }
export const SHIPMENT_ENTITY: Entity = { valueType: 'Shipment', definitionType: 'Shipment', name: 'shipment' }
export const CONTAINER_ENTITY: Entity = { valueType: 'Cargo', definitionType: 'Container', name: 'container' }

/** GET /custom_fields: every value on the caller's shipments and containers. */
export const customFieldListRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const page = readPage((name) => c.req.query(name), 25)
    const entityType = c.req.query('filter[entity_type]')
    if (entityType && !['Shipment', 'Cargo'].includes(entityType))
      throw badParameter('filter[entity_type]', 'filter[entity_type] is Shipment or Cargo')
    const result = await storage.customFields.listValues(
      c.var.caller.accountId,
      {
        entityType,
        entityId: uuidParameter('filter[entity_id]', c.req.query('filter[entity_id]')),
        definitionId: uuidParameter('filter[definition_id]', c.req.query('filter[definition_id]')),
      },
      page,
    )
    return respondWithPage(c, storage, 'custom_field', result, page)
  })

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
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const found = await findEntity(c.var.caller.accountId, c.req.param('entityId') ?? '')
      const page = readPage((name) => c.req.query(name), 25)
      const result = await storage.customFields.listValues(
        c.var.caller.accountId,
        { entityId: found.id },
        page,
      )
      return respondWithPage(c, storage, 'custom_field', result, page)
    })
    .post('/', async (c) => {
      const found = await findEntity(c.var.caller.accountId, c.req.param('entityId') ?? '')
      const { data } = await readBody(c, CustomFieldUpsertSchema)
      const definition = await findDefinition(c.var.caller.accountId, data.attributes.api_slug, 'body')
      const row = await write(c.var.caller.accountId, found.id, definition, data.attributes.value)
      return respondWithOne(c, storage, 'custom_field', row, { status: 201 })
    })
    .patch('/:apiSlug', async (c) => {
      const found = await findEntity(c.var.caller.accountId, c.req.param('entityId') ?? '')
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('apiSlug'), 'path')
      const { data } = await readBody(c, CustomFieldPatchSchema)
      const row = await write(c.var.caller.accountId, found.id, definition, data.attributes.value)
      return respondWithOne(c, storage, 'custom_field', row)
    })
    .delete('/:apiSlug', async (c) => {
      const found = await findEntity(c.var.caller.accountId, c.req.param('entityId') ?? '')
      const definition = await findDefinition(c.var.caller.accountId, c.req.param('apiSlug'), 'path')
      if (!(await storage.customFields.deleteValue(c.var.caller.accountId, found.id, definition.id)))
        throw notFound(`${entity.name} custom field`, definition.api_slug)
      return c.body(null, 204)
    })
}
