import type { Deps } from '../deps'
import { findingOr404 } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import type { CustomFieldDefinition } from '../storage/custom-field-store'

type CustomFieldStore = Deps['storage']['customFields']

/** A definition of the account by id, or 404. */
export const definitionFinder = (store: CustomFieldStore) =>
  findingOr404(
    'custom field definition',
    async (accountId, id) => (await store.definitionsByIds(accountId, [id]))[0],
  )

/** An option of the definition by id, or 404. */
export const optionFinder =
  (store: CustomFieldStore) => async (accountId: string, definitionId: string, id: string) => {
    const options = await store.optionsByDefinitionIds(accountId, [definitionId])
    const option = options.find((o) => o.id === id)
    if (!option) throw notFound('custom field option', id)
    return option
  }

/** Refuses a slug another field of the same entity already has (422 at api_slug). */
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
