import type { Executor } from './database'
import { relatedId, rowFromAttributes, type UpstreamResource } from './mirror-rows'
import { ownIds, type Row, upsert } from './mirror-upsert'
import { customFieldDefinitions, customFieldOptions, customFieldValues } from './schema'

const VALUE_TYPES: Record<string, string> = {
  shipment: 'Shipment',
  container: 'Cargo',
  tracking_request: 'TrackingRequest',
}

export const customFieldRows = (db: Executor) => ({
  async customFieldDefinitions(
    accountId: string,
    definitions: UpstreamResource[],
    options: UpstreamResource[],
  ) {
    const rows = definitions
      .map((r) => ({ ...rowFromAttributes(customFieldDefinitions, r), id: r.id, account_id: accountId }))
      .filter((row: Row) => row.entity_type && row.api_slug && row.display_name && row.data_type)
    const written = await upsert(db, customFieldDefinitions, rows, false)
    const own = await ownIds(
      db,
      customFieldDefinitions,
      accountId,
      options.map((r) => relatedId(r, 'definition')),
    )
    const optionRows = options.flatMap((r) => {
      const row: Row = rowFromAttributes(customFieldOptions, r)
      const definition = relatedId(r, 'definition')
      if (!definition || !own.has(definition) || !row.label || !row.value) return []
      return [{ ...row, id: r.id, account_id: accountId, definition_id: definition }]
    })
    await upsert(db, customFieldOptions, optionRows, false)
    return written
  },

  async customFieldValues(accountId: string, resources: UpstreamResource[]) {
    const definitions = await ownIds(
      db,
      customFieldDefinitions,
      accountId,
      resources.map((r) => relatedId(r, 'definition')),
    )
    const rows = resources.flatMap((r) => {
      const row: Row = rowFromAttributes(customFieldValues, r)
      const definition = relatedId(r, 'definition')
      const entity = r.relationships?.entity?.data as { type?: string; id?: string } | undefined
      const entityType = entity?.type ? VALUE_TYPES[entity.type] : undefined
      if (!definition || !definitions.has(definition) || !entityType || !entity?.id || !row.api_slug)
        return []
      return [
        {
          ...row,
          id: r.id,
          account_id: accountId,
          definition_id: definition,
          entity_type: entityType,
          entity_id: entity.id,
        },
      ]
    })
    return upsert(db, customFieldValues, rows, false)
  },
})
