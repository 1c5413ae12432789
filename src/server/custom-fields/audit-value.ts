import type { AuditActor } from '../storage/audit-log'
import type { Stores } from '../storage/storage'
import type { CustomFieldEntity } from './entities'

/** Who writes a value: the key for the field's own history, the actor for the audit trail. */
export type ValueWriter = { keyId: string | null; actor: AuditActor }

type ValueRow = { value: unknown; display_value: string | null }
const shown = (row: ValueRow | undefined) => (row ? (row.display_value ?? row.value ?? null) : null)

/** On the entity the value belongs to, so a shipment's history shows its custom fields too. */
export async function recordValueChange(
  stores: Stores,
  actor: AuditActor,
  change: { accountId: string; entity: CustomFieldEntity; entityId: string; apiSlug: string },
  before: ValueRow | undefined,
  after: ValueRow | undefined,
) {
  const [was, is] = [shown(before), shown(after)]
  if (JSON.stringify(was) === JSON.stringify(is)) return
  await stores.audit.record(actor, {
    accountId: change.accountId,
    action: after ? 'custom_field.set' : 'custom_field.cleared',
    target: { type: change.entity.type, id: change.entityId },
    before: { [change.apiSlug]: was },
    after: { [change.apiSlug]: is },
  })
}

export async function currentValue(
  stores: Stores,
  accountId: string,
  entityId: string,
  definitionId: string,
) {
  const values = await stores.customFields.valuesByEntityIds(accountId, [entityId])
  return values.find((value) => value.definition_id === definitionId)
}
