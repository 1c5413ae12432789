import type { CustomFieldDefinition } from '../storage/custom-field-store'
import type { Stores } from '../storage/storage'

/** Each change is recorded as the caller's. */
export async function deleteOptionFromValues(
  stores: Stores,
  caller: { accountId: string; keyId: string },
  definition: CustomFieldDefinition,
  option: string,
) {
  const { accountId, keyId } = caller
  const holding = await stores.customFields.valuesHoldingOption(accountId, definition.id, option)
  const options = await stores.customFields.optionsByDefinitionIds(accountId, [definition.id])
  const labelOf = new Map(options.map((o) => [o.value, o.label]))
  for (const value of holding) {
    if (!Array.isArray(value.value)) {
      await stores.customFields.deleteValueById(accountId, value.id, keyId)
      continue
    }
    const kept = (value.value as string[]).filter((v) => v !== option)
    await stores.customFields.upsertValue(
      { ...value, value: kept, display_value: kept.map((v) => labelOf.get(v) ?? v).join(', ') },
      keyId,
    )
  }
}
