import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import type { CustomFieldDefinition } from '../storage/custom-field-store'

type CustomFieldStore = Deps['storage']['customFields']

export const definitionFinder = (store: CustomFieldStore) =>
  findingOr404(
    'custom field definition',
    async (accountId, id) => (await store.definitionsByIds(accountId, [id]))[0],
  )

export const optionFinder =
  (store: CustomFieldStore) => async (accountId: string, definitionId: string, id: string) => {
    const options = await store.optionsByDefinitionIds(accountId, [definitionId])
    const option = options.find((o) => o.id === id)
    if (!option) throw notFound('custom field option', id)
    return option
  }

export async function refuseTakenSlug(
  store: CustomFieldStore,
  accountId: string,
  entityType: CustomFieldDefinition['entity_type'],
  apiSlug: string,
) {
  if (await store.definitionBySlug(accountId, entityType, apiSlug))
    throw invalidField(
      '/data/attributes/api_slug',
      `A ${entityType} field called ${apiSlug} already exists`,
      'duplicate',
    )
}
