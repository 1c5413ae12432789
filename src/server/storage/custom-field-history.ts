import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { paged } from './paged'
import { apiKeys, customFieldValueChanges, customFieldValues } from './schema'
import type { PageRequest } from './shipment-store'

export type CustomFieldChange = typeof customFieldValueChanges.$inferSelect & {
  changed_by_key_name: string | null
}
type NewValue = typeof customFieldValues.$inferInsert
const v = customFieldValues
const log = customFieldValueChanges

/**
 * Sets a value and records the change in one statement, so a value never changes without its history;
 * writing the value it already has records nothing. Answers the id of the stored value.
 */
export async function setValueWithHistory(db: Executor, at: Date, row: NewValue, keyId: string | null) {
  const value = JSON.stringify(row.value ?? null)
  const result = await db.execute(sql`
    with previous as (
      select ${v.id} as id, ${v.value} as value, ${v.display_value} as display_value from ${v}
      where ${v.entity_id} = ${row.entity_id} and ${v.definition_id} = ${row.definition_id}
    ), saved as (
      insert into ${v} (account_id, definition_id, entity_type, entity_id, api_slug, value, display_value, created_at, updated_at)
      values (${row.account_id}, ${row.definition_id}, ${row.entity_type}, ${row.entity_id}, ${row.api_slug},
              ${value}::jsonb, ${row.display_value ?? null}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict (entity_id, definition_id) do update
        set value = excluded.value, display_value = excluded.display_value, updated_at = excluded.updated_at
      returning id, account_id, definition_id, entity_type, entity_id, value, display_value
    ), logged as (
      insert into ${log} (account_id, value_id, definition_id, entity_type, entity_id, action, value,
                          display_value, previous_value, previous_display_value, changed_by_key_id, changed_at)
      select s.account_id, s.id, s.definition_id, s.entity_type, s.entity_id,
             case when p.id is null then 'created' else 'updated' end, s.value, s.display_value,
             p.value, p.display_value, ${keyId}::uuid, ${at.toISOString()}::timestamptz
      from saved s left join previous p on true
      where p.id is null or p.value is distinct from s.value or p.display_value is distinct from s.display_value
    )
    select id from saved`)
  return (result as unknown as { rows: { id: string }[] }).rows[0].id
}

/** Removes the values that match and records each removal; answers whether there was one. */
export async function removeValueWithHistory(db: Executor, at: Date, where: SQL, keyId: string | null) {
  const result = await db.execute(sql`
    with removed as (
      delete from ${v} where ${where}
      returning id, account_id, definition_id, entity_type, entity_id, value, display_value
    ), logged as (
      insert into ${log} (account_id, value_id, definition_id, entity_type, entity_id, action,
                          previous_value, previous_display_value, changed_by_key_id, changed_at)
      select account_id, id, definition_id, entity_type, entity_id, 'removed', value, display_value,
             ${keyId}::uuid, ${at.toISOString()}::timestamptz
      from removed
    )
    select id from removed`)
  return (result as unknown as { rows: unknown[] }).rows.length > 0
}

/** A value's changes, newest first, each with the name of the key that made it. */
export function historyOf(db: Executor, accountId: string, valueId: string, page: PageRequest) {
  const condition = and(eq(log.account_id, accountId), eq(log.value_id, valueId))
  return paged(
    db
      .select({ ...getTableColumns(log), changed_by_key_name: apiKeys.name })
      .from(log)
      .leftJoin(apiKeys, eq(apiKeys.id, log.changed_by_key_id))
      .where(condition)
      .orderBy(desc(log.changed_at), desc(log.seq))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(log).where(condition),
  )
}
