import type { Executor } from './database'
import { auditEvents } from './schema'

export type AuditActor = {
  kind: 'user' | 'key' | 'system'
  id?: string
  name?: string
  via?: 'dashboard' | 'api'
  address?: string
}

export type AuditEntry = {
  accountId: string
  action: string
  target: { type: string; id: string; label?: string }
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Called inside the change's own transaction, so a change and its record commit or roll back together. */
export const createAuditLog = (db: Executor, now: () => Date) => ({
  async record(actor: AuditActor, entry: AuditEntry) {
    await db.insert(auditEvents).values({
      account_id: entry.accountId,
      occurred_at: now(),
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      target_label: entry.target.label ?? null,
      actor_kind: actor.kind,
      actor_id: actor.id ?? null,
      actor_name: actor.name ?? null,
      via: actor.via ?? null,
      address: actor.address ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
  },
})
