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

/** A value never changes without its history; the replaced row is locked, and a concurrent create is replaced, not doubled. */
export async function setValueWithHistory(db: Executor, at: Date, row: NewValue, keyId: string | null) {
  // a value removed and created again between two rounds takes another round
  for (let round = 0; round < 10; round++) {
    const id = (await replaceValue(db, at, row, keyId)) ?? (await createValue(db, at, row, keyId))
    if (id) return id
  }
  throw new Error(`The value of ${row.api_slug} kept changing while it was set`)
}

const idOf = (result: { rows: { id: string }[] }) => result.rows[0]?.id

async function replaceValue(db: Executor, at: Date, row: NewValue, keyId: string | null) {
  const value = JSON.stringify(row.value ?? null)
  return idOf(
    await db.execute<{ id: string }>(sql`
    with previous as (
      select ${v.id} as id, ${v.value} as value, ${v.display_value} as display_value from ${v}
      where ${v.entity_id} = ${row.entity_id} and ${v.definition_id} = ${row.definition_id}
      for update
    ), saved as (
      update ${v} set value = ${value}::jsonb, display_value = ${row.display_value ?? null},
                      updated_at = ${at.toISOString()}::timestamptz, version = ${v.version} + 1
      from previous p where ${v.id} = p.id
      returning ${v.id} as id, ${v.account_id} as account_id, ${v.definition_id} as definition_id,
                ${v.entity_type} as entity_type, ${v.entity_id} as entity_id, ${v.value} as value,
                ${v.display_value} as display_value, p.value as previous_value,
                p.display_value as previous_display_value
    ), logged as (
      insert into ${log} (account_id, value_id, definition_id, entity_type, entity_id, action, value,
                          display_value, previous_value, previous_display_value, changed_by_key_id, changed_at)
      select account_id, id, definition_id, entity_type, entity_id, 'updated', value, display_value,
             previous_value, previous_display_value, ${keyId}::uuid, ${at.toISOString()}::timestamptz
      from saved
      where previous_value is distinct from value or previous_display_value is distinct from display_value
    )
    select id from saved`),
  )
}

async function createValue(db: Executor, at: Date, row: NewValue, keyId: string | null) {
  const value = JSON.stringify(row.value ?? null)
  return idOf(
    await db.execute<{ id: string }>(sql`
    with saved as (
      insert into ${v} (account_id, definition_id, entity_type, entity_id, api_slug, value, display_value, created_at, updated_at)
      values (${row.account_id}, ${row.definition_id}, ${row.entity_type}, ${row.entity_id}, ${row.api_slug},
              ${value}::jsonb, ${row.display_value ?? null}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict (entity_id, definition_id) do nothing
      returning id, account_id, definition_id, entity_type, entity_id, value, display_value
    ), logged as (
      insert into ${log} (account_id, value_id, definition_id, entity_type, entity_id, action, value,
                          display_value, changed_by_key_id, changed_at)
      select account_id, id, definition_id, entity_type, entity_id, 'created', value, display_value,
             ${keyId}::uuid, ${at.toISOString()}::timestamptz
      from saved
    )
    select id from saved`),
  )
}

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
  return result.rows.length > 0
}

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
