import { entityOfValue } from '../custom-fields/entities'
import type { CustomFieldChange } from '../storage/custom-field-history'
import type {
  CustomFieldDefinition,
  CustomFieldOption,
  CustomFieldValue,
} from '../storage/custom-field-store'
import { iso } from '../storage/iso-time'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

export const customFieldDefinitionResource: ResourceDefinition<CustomFieldDefinition> = {
  type: 'custom_field_definition',
  self: (row) => `/v2/custom_field_definitions/${row.id}`,
  attributes: (row) => ({
    entity_type: row.entity_type,
    api_slug: row.api_slug,
    display_name: row.display_name,
    description: row.description,
    data_type: row.data_type,
    reference_type: row.reference_type,
    validation: row.validation,
    default_format: row.default_format,
    default_value: row.default_value,
    value_count: row.value_count ?? 0,
    option_count: row.option_count ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
  relationships: {
    account: { kind: 'one', target: 'account', key: (row) => row.account_id },
    fields: {
      kind: 'many',
      target: 'custom_field',
      linkage: false,
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.customFields.valuesByDefinitionIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (v) => v.definition_id,
        ),
    },
    options: {
      kind: 'many',
      target: 'custom_field_option',
      linkage: false,
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.customFields.optionsByDefinitionIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (o) => o.definition_id,
        ),
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.customFields.definitionsByIds(ctx.accountId, ids),
}

export const customFieldOptionResource: ResourceDefinition<CustomFieldOption> = {
  type: 'custom_field_option',
  self: (row) => `/v2/custom_field_definitions/${row.definition_id}/options/${row.id}`,
  attributes: (row) => ({
    label: row.label,
    value: row.value,
    position: row.position,
    value_count: row.value_count ?? 0,
  }),
  relationships: {
    definition: { kind: 'one', target: 'custom_field_definition', key: (row) => row.definition_id },
  },
  loadByIds: async () => [],
}

export const customFieldResource: ResourceDefinition<CustomFieldValue> = {
  type: 'custom_field',
  attributes: (row) => ({
    api_slug: row.api_slug,
    value: row.value,
    display_value: row.display_value,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    version: row.version,
  }),
  relationships: {
    entity: {
      kind: 'one',
      target: ['shipment', 'container', 'tracking_request'],
      key: (row) => ({ type: entityOfValue(row.entity_type).type, id: row.entity_id }),
    },
    definition: { kind: 'one', target: 'custom_field_definition', key: (row) => row.definition_id },
    updated_by: { kind: 'one', target: 'user', key: (row) => row.updated_by_user_id },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.customFields.valuesByIds(ctx.accountId, ids),
}

export const customFieldChangeResource: ResourceDefinition<CustomFieldChange> = {
  type: 'custom_field_change',
  attributes: (row) => ({
    action: row.action,
    value: row.value,
    display_value: row.display_value,
    previous_value: row.previous_value,
    previous_display_value: row.previous_display_value,
    changed_by: row.changed_by_key_name,
    changed_at: iso(row.changed_at),
  }),
  relationships: {
    custom_field: { kind: 'one', target: 'custom_field', key: (row) => row.value_id },
    definition: { kind: 'one', target: 'custom_field_definition', key: (row) => row.definition_id },
  },
  loadByIds: async () => [],
}
