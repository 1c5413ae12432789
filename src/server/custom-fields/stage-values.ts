import { invalidField } from '../http/problem'
import type { StagedCustomField } from '../storage/schema'
import type { Storage } from '../storage/storage'
import { CONTAINER_ENTITY, SHIPMENT_ENTITY } from './entities'
import { checkCustomFieldValue } from './write-value'

const numberOf = (entry: object) =>
  'number' in entry && typeof entry.number === 'string' ? entry.number.trim().toUpperCase() || null : null

type Initial = {
  shipment?: { api_slug: string; value: unknown }[]
  containers?: { api_slug: string; value: unknown; number?: string }[]
}

/** Checked now, while the caller can still correct them. */
export async function stageCustomFields(storage: Storage, accountId: string, initial: Initial | undefined) {
  const staged: StagedCustomField[] = []
  const groups = [
    ['shipment', SHIPMENT_ENTITY, initial?.shipment ?? []],
    ['containers', CONTAINER_ENTITY, initial?.containers ?? []],
  ] as const
  for (const [key, entity, entries] of groups)
    for (const [index, entry] of entries.entries()) {
      const pointer = `/data/attributes/initial_custom_fields/${key}/${index}`
      const definition = await storage.customFields.definitionBySlug(
        accountId,
        entity.definitionType,
        entry.api_slug,
      )
      if (!definition)
        throw invalidField(
          `${pointer}/api_slug`,
          `There is no ${entity.name} custom field called ${entry.api_slug}`,
          'not_found',
        )
      const checked = await checkCustomFieldValue(
        storage,
        accountId,
        definition,
        entry.value,
        `${pointer}/value`,
      )
      staged.push({
        entity: key,
        number: numberOf(entry),
        definition_id: definition.id,
        api_slug: definition.api_slug,
        value: checked.value,
        display_value: checked.display,
      })
    }
  return staged
}
