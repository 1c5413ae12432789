import type { AuditEventRow } from '../storage/audit-reads'
import { iso } from '../storage/iso-time'
import type { Ctx } from './context'
import type { ResourceDefinition } from './render'

export const auditEventResource: ResourceDefinition<AuditEventRow> = {
  type: 'audit_event',
  attributes: (row) => ({
    occurred_at: iso(row.occurred_at),
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    via: row.via,
    address: row.address,
    before: row.before,
    after: row.after,
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.auditEvents.byIds(ctx.accountId, ids),
}
