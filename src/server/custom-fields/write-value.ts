import { type IfMatch, matches, preconditionFailed } from '../http/if-match'
import { invalidField, notFound } from '../http/problem'
import type { CustomFieldDefinition } from '../storage/custom-field-store'
import type { Storage, Stores } from '../storage/storage'
import { currentValue, recordValueChange, type ValueWriter } from './audit-value'
import { type CustomFieldEntity, entityOfValue } from './entities'
import { resolveReference } from './resolve-reference'
import { validateCustomFieldValue } from './validate-value'

/** A bad slug from the body is a 422; from the path, 404. */
export async function definitionForSlug(
  storage: Storage,
  accountId: string,
  entity: CustomFieldEntity,
  apiSlug: string,
  from: 'body' | 'path',
) {
  const definition = await storage.customFields.definitionBySlug(accountId, entity.definitionType, apiSlug)
  if (definition) return definition
  if (from === 'body')
    throw invalidField(
      '/data/attributes/api_slug',
      `There is no ${entity.name} custom field called ${apiSlug}`,
      'not_found',
    )
  throw notFound(`${entity.name} custom field`, apiSlug)
}

export async function checkCustomFieldValue(
  storage: Stores,
  accountId: string,
  definition: CustomFieldDefinition,
  value: unknown,
  pointer = '/data/attributes/value',
) {
  const options = await storage.customFields.optionsByDefinitionIds(accountId, [definition.id])
  const checked = validateCustomFieldValue(definition, options, value)
  if (!checked.ok) throw invalidField(pointer, checked.detail, 'invalid')
  if (definition.data_type !== 'reference' || checked.value === null)
    return { value: checked.value, display: checked.display }
  const shown = await resolveReference(storage, accountId, definition.reference_type, String(checked.value))
  if (shown === undefined)
    throw invalidField(
      pointer,
      `${definition.display_name} must be the id of a ${definition.reference_type ?? 'shipment, container or customer'} in your account`,
      'not_found',
    )
  return { value: checked.value, display: shown }
}

/** Holds the definition: an option deleted at the same moment goes before the check or after the write. */
export async function writeCustomFieldValue(
  storage: Storage,
  accountId: string,
  entity: CustomFieldEntity,
  entityId: string,
  definition: CustomFieldDefinition,
  value: unknown,
  by: ValueWriter,
  ifMatch?: IfMatch,
) {
  return storage.transaction(async (stores) => {
    const held = await stores.customFields.lockDefinition(accountId, definition.id, 'share')
    if (!held) throw notFound(`${entity.name} custom field`, definition.api_slug)
    if (ifMatch) {
      const current = await stores.customFields.lockValue(accountId, entityId, held.id)
      if (!matches(ifMatch, current?.version)) throw preconditionFailed('custom field', current?.version)
    }
    const checked = await checkCustomFieldValue(stores, accountId, held, value)
    const before = await currentValue(stores, accountId, entityId, held.id)
    const row = await stores.customFields.upsertValue(
      {
        account_id: accountId,
        definition_id: held.id,
        entity_type: entity.valueType,
        entity_id: entityId,
        api_slug: held.api_slug,
        value: checked.value,
        display_value: checked.display,
      },
      by.keyId,
    )
    const change = { accountId, entity, entityId, apiSlug: held.api_slug }
    await recordValueChange(stores, by.actor, change, before, row)
    return row
  })
}

/** The one path every slug-named write takes. */
export async function writeValueBySlug(
  storage: Storage,
  caller: { accountId: string } & ValueWriter,
  target: { entity: CustomFieldEntity; entityId: string },
  slug: { apiSlug: string; from: 'body' | 'path' },
  value: unknown,
  ifMatch?: IfMatch,
) {
  const { entity, entityId } = target
  const definition = await definitionForSlug(storage, caller.accountId, entity, slug.apiSlug, slug.from)
  return writeCustomFieldValue(
    storage,
    caller.accountId,
    entity,
    entityId,
    definition,
    value,
    caller,
    ifMatch,
  )
}

/** Removed with its record in one transaction; false when the entity had no such value. */
export async function removeCustomFieldValue(
  storage: Storage,
  accountId: string,
  target: { entity: CustomFieldEntity; entityId: string },
  definition: { id: string; api_slug: string },
  by: ValueWriter,
) {
  const { entity, entityId } = target
  return storage.transaction(async (stores) => {
    const before = await currentValue(stores, accountId, entityId, definition.id)
    if (!(await stores.customFields.deleteValue(accountId, entityId, definition.id, by.keyId))) return false
    const change = { accountId, entity, entityId, apiSlug: definition.api_slug }
    await recordValueChange(stores, by.actor, change, before, undefined)
    return true
  })
}

/** A value named by its own id. */
export const removeValueRow = (
  storage: Storage,
  value: {
    account_id: string
    entity_type: string
    entity_id: string
    definition_id: string
    api_slug: string
  },
  by: ValueWriter,
) =>
  removeCustomFieldValue(
    storage,
    value.account_id,
    { entity: entityOfValue(value.entity_type), entityId: value.entity_id },
    { id: value.definition_id, api_slug: value.api_slug },
    by,
  )
