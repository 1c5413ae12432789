import type { Context } from 'hono'
import type { RouteEnv } from '../http/route'
import type { CustomFieldDefinition } from '../storage/custom-field-store'
import type { Stores } from '../storage/storage'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'

type Definition = Pick<CustomFieldDefinition, 'id' | 'api_slug' | 'display_name'> & Record<string, unknown>

/** A definition made (before undefined), edited (only what changed) or deleted with its values (after undefined). */
export async function recordDefinitionChange(
  c: Context<RouteEnv>,
  stores: Stores,
  fields: string[],
  before: Definition | undefined,
  after: Definition | undefined,
) {
  const row = (after ?? before)!
  const pick = (definition: Definition) =>
    Object.fromEntries(fields.map((key) => [key, definition[key] ?? null]))
  const changes =
    before && after
      ? changedFields(before, after, fields)
      : { before: before ? pick(before) : null, after: after ? pick(after) : null }
  if (!changes) return
  await stores.audit.record(auditActor(c), {
    accountId: c.var.caller.accountId,
    action: `custom_field_definition.${before && after ? 'updated' : after ? 'created' : 'deleted'}`,
    target: { type: 'custom_field_definition', id: row.id, label: row.display_name },
    ...changes,
  })
}

type Option = { value: string; label: string } & Record<string, unknown>

/** On the definition the option belongs to: made, edited (only what changed) or deleted. */
export async function recordOptionChange(
  c: Context<RouteEnv>,
  stores: Stores,
  definition: Definition,
  before: Option | undefined,
  after: Option | undefined,
) {
  const fields = ['value', 'label', 'position']
  const pick = (option: Option) => ({ value: option.value, label: option.label })
  const changes =
    before && after
      ? changedFields(before, after, fields)
      : { before: before ? pick(before) : null, after: after ? pick(after) : null }
  if (!changes) return
  await stores.audit.record(auditActor(c), {
    accountId: c.var.caller.accountId,
    action: `custom_field_option.${before && after ? 'updated' : after ? 'created' : 'deleted'}`,
    target: { type: 'custom_field_definition', id: definition.id, label: definition.display_name },
    ...changes,
  })
}
