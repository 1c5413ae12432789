import type { CustomFieldDefinition } from '../storage/custom-field-store'
import type { Stores } from '../storage/storage'
import { recordValueChange, type ValueWriter } from './audit-value'
import { entityOfValue } from './entities'

/** Each change is recorded as the caller's, in the value's history and the audit trail. */
export async function deleteOptionFromValues(
  stores: Stores,
  by: ValueWriter,
  definition: CustomFieldDefinition,
  option: string,
) {
  const accountId = definition.account_id
  const { keyId } = by
  const holding = await stores.customFields.valuesHoldingOption(accountId, definition.id, option)
  const options = await stores.customFields.optionsByDefinitionIds(accountId, [definition.id])
  const labelOf = new Map(options.map((o) => [o.value, o.label]))
  for (const value of holding) {
    const change = {
      accountId,
      entity: entityOfValue(value.entity_type),
      entityId: value.entity_id,
      apiSlug: definition.api_slug,
    }
    if (!Array.isArray(value.value)) {
      await stores.customFields.deleteValueById(accountId, value.id, keyId)
      await recordValueChange(stores, by.actor, change, value, undefined)
      continue
    }
    const kept = (value.value as string[]).filter((v) => v !== option)
    const row = await stores.customFields.upsertValue(
      { ...value, value: kept, display_value: kept.map((v) => labelOf.get(v) ?? v).join(', ') },
      keyId,
    )
    await recordValueChange(stores, by.actor, change, value, row)
  }
}
