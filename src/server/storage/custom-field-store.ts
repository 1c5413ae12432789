import { and, asc, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import { historyOf, removeValueWithHistory, setValueWithHistory } from './custom-field-history'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { paged } from './paged'
import { customFieldDefinitions, customFieldOptions, customFieldValues } from './schema'
import type { PageRequest } from './shipment-store'

export type CustomFieldDefinition = typeof customFieldDefinitions.$inferSelect & {
  value_count?: number
  option_count?: number
}
export type CustomFieldOption = typeof customFieldOptions.$inferSelect & { value_count?: number }
export type CustomFieldValue = typeof customFieldValues.$inferSelect

// written out: drizzle leaves one-table columns unqualified, and inside these subqueries `id` would be the counted table's
const definitionWithCounts = {
  ...getTableColumns(customFieldDefinitions),
  value_count:
    sql<number>`(select count(*) from custom_field_values v where v.definition_id = custom_field_definitions.id)`.mapWith(
      Number,
    ),
  option_count:
    sql<number>`(select count(*) from custom_field_options o where o.definition_id = custom_field_definitions.id)`.mapWith(
      Number,
    ),
}

const optionWithCount = {
  ...getTableColumns(customFieldOptions),
  value_count:
    sql<number>`(select count(*) from custom_field_values v where v.definition_id = custom_field_options.definition_id and (v.value = to_jsonb(custom_field_options.value) or v.value @> jsonb_build_array(custom_field_options.value)))`.mapWith(
      Number,
    ),
}

const definitionReads = (db: Executor) => ({
  listDefinitions(
    accountId: string,
    filters: { entityType?: string; dataType?: string; displayName?: string },
    page: PageRequest,
  ) {
    const where: SQL[] = [eq(customFieldDefinitions.account_id, accountId)]
    if (filters.displayName)
      where.push(ilike(customFieldDefinitions.display_name, `${escapeLike(filters.displayName)}%`))
    if (filters.entityType) where.push(eq(customFieldDefinitions.entity_type, filters.entityType))
    if (filters.dataType) where.push(eq(customFieldDefinitions.data_type, filters.dataType))
    const condition = and(...where)
    return paged(
      db
        .select(definitionWithCounts)
        .from(customFieldDefinitions)
        .where(condition)
        .orderBy(asc(customFieldDefinitions.display_name), asc(customFieldDefinitions.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(customFieldDefinitions).where(condition),
    )
  },
  definitionsByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(definitionWithCounts)
          .from(customFieldDefinitions)
          .where(
            and(eq(customFieldDefinitions.account_id, accountId), inArray(customFieldDefinitions.id, ids)),
          ),
  async definitionBySlug(accountId: string, entityType: string, apiSlug: string) {
    const [row] = await db
      .select()
      .from(customFieldDefinitions)
      .where(
        and(
          eq(customFieldDefinitions.account_id, accountId),
          eq(customFieldDefinitions.entity_type, entityType),
          eq(customFieldDefinitions.api_slug, apiSlug),
        ),
      )
    return row
  },
  async valueCounts(accountId: string, definitionIds: string[]) {
    if (definitionIds.length === 0) return new Map<string, number>()
    const rows = await db
      .select({ id: customFieldValues.definition_id, total: count() })
      .from(customFieldValues)
      .where(
        and(
          eq(customFieldValues.account_id, accountId),
          inArray(customFieldValues.definition_id, definitionIds),
        ),
      )
      .groupBy(customFieldValues.definition_id)
    return new Map(rows.map((row) => [row.id, Number(row.total)]))
  },
})

const definitionWrites = (db: Executor, now: () => Date) => ({
  /** `share` while a value is checked and written, `update` while an option is taken out: the two never overlap. */
  async lockDefinition(accountId: string, id: string, mode: 'share' | 'update') {
    const [row] = await db
      .select()
      .from(customFieldDefinitions)
      .where(and(eq(customFieldDefinitions.account_id, accountId), eq(customFieldDefinitions.id, id)))
      .for(mode)
    return row
  },
  async createDefinition(values: typeof customFieldDefinitions.$inferInsert) {
    const [row] = await db
      .insert(customFieldDefinitions)
      .values({ created_at: now(), updated_at: now(), ...values })
      .returning()
    return row
  },
  async updateDefinition(
    accountId: string,
    id: string,
    changes: Partial<typeof customFieldDefinitions.$inferInsert>,
  ) {
    const [row] = await db
      .update(customFieldDefinitions)
      .set({ ...changes, updated_at: now() })
      .where(and(eq(customFieldDefinitions.account_id, accountId), eq(customFieldDefinitions.id, id)))
      .returning()
    return row
  },
  async deleteDefinition(accountId: string, id: string) {
    const rows = await db
      .delete(customFieldDefinitions)
      .where(and(eq(customFieldDefinitions.account_id, accountId), eq(customFieldDefinitions.id, id)))
      .returning({ id: customFieldDefinitions.id })
    return rows.length > 0
  },
})

const optionQueries = (db: Executor) => ({
  optionsByDefinitionIds: (accountId: string, definitionIds: string[]) =>
    definitionIds.length === 0
      ? Promise.resolve([])
      : db
          .select(optionWithCount)
          .from(customFieldOptions)
          .where(
            and(
              eq(customFieldOptions.account_id, accountId),
              inArray(customFieldOptions.definition_id, definitionIds),
            ),
          )
          .orderBy(asc(customFieldOptions.position), asc(customFieldOptions.label)),
  async createOption(values: typeof customFieldOptions.$inferInsert) {
    const [row] = await db.insert(customFieldOptions).values(values).returning()
    return row
  },
  async updateOption(
    accountId: string,
    id: string,
    changes: Partial<typeof customFieldOptions.$inferInsert>,
  ) {
    const [row] = await db
      .update(customFieldOptions)
      .set(changes)
      .where(and(eq(customFieldOptions.account_id, accountId), eq(customFieldOptions.id, id)))
      .returning()
    return row
  },
  async deleteOption(accountId: string, id: string) {
    const rows = await db
      .delete(customFieldOptions)
      .where(and(eq(customFieldOptions.account_id, accountId), eq(customFieldOptions.id, id)))
      .returning({ id: customFieldOptions.id })
    return rows.length > 0
  },
})

const valueReads = (db: Executor) => ({
  listValues(
    accountId: string,
    filters: { entityType?: string; entityId?: string; definitionId?: string },
    page: PageRequest,
  ) {
    const where: SQL[] = [eq(customFieldValues.account_id, accountId)]
    if (filters.entityType) where.push(eq(customFieldValues.entity_type, filters.entityType))
    if (filters.entityId) where.push(eq(customFieldValues.entity_id, filters.entityId))
    if (filters.definitionId) where.push(eq(customFieldValues.definition_id, filters.definitionId))
    const condition = and(...where)
    return paged(
      db
        .select()
        .from(customFieldValues)
        .where(condition)
        .orderBy(asc(customFieldValues.created_at), asc(customFieldValues.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(customFieldValues).where(condition),
    )
  },
  valuesByDefinitionIds: (accountId: string, definitionIds: string[]) =>
    definitionIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(customFieldValues)
          .where(
            and(
              eq(customFieldValues.account_id, accountId),
              inArray(customFieldValues.definition_id, definitionIds),
            ),
          )
          .orderBy(asc(customFieldValues.created_at), asc(customFieldValues.id)),
  valuesByEntityIds: (accountId: string, entityIds: string[]) =>
    entityIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(customFieldValues)
          .where(
            and(eq(customFieldValues.account_id, accountId), inArray(customFieldValues.entity_id, entityIds)),
          ),
  valuesByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(customFieldValues)
          .where(and(eq(customFieldValues.account_id, accountId), inArray(customFieldValues.id, ids))),
  valuesHoldingOption: (accountId: string, definitionId: string, option: string) =>
    db
      .select()
      .from(customFieldValues)
      .where(
        and(
          eq(customFieldValues.account_id, accountId),
          eq(customFieldValues.definition_id, definitionId),
          sql`(${customFieldValues.value} = to_jsonb(${option}::text) or ${customFieldValues.value} @> jsonb_build_array(${option}::text))`,
        ),
      ),
  history: (accountId: string, valueId: string, page: PageRequest) => historyOf(db, accountId, valueId, page),
})

const valueWrites = (db: Executor, now: () => Date) => ({
  deleteValueById: (accountId: string, id: string, keyId: string | null = null) =>
    removeValueWithHistory(
      db,
      now(),
      and(eq(customFieldValues.account_id, accountId), eq(customFieldValues.id, id))!,
      keyId,
    ),
  async upsertValue(values: typeof customFieldValues.$inferInsert, keyId: string | null = null) {
    const id = await setValueWithHistory(db, now(), values, keyId)
    const [row] = await db.select().from(customFieldValues).where(eq(customFieldValues.id, id))
    return row
  },
  deleteValue: (accountId: string, entityId: string, definitionId: string, keyId: string | null = null) =>
    removeValueWithHistory(
      db,
      now(),
      and(
        eq(customFieldValues.account_id, accountId),
        eq(customFieldValues.entity_id, entityId),
        eq(customFieldValues.definition_id, definitionId),
      )!,
      keyId,
    ),
  async lockValue(accountId: string, entityId: string, definitionId: string) {
    const [row] = await db
      .select({ id: customFieldValues.id, version: customFieldValues.version })
      .from(customFieldValues)
      .where(
        and(
          eq(customFieldValues.account_id, accountId),
          eq(customFieldValues.entity_id, entityId),
          eq(customFieldValues.definition_id, definitionId),
        ),
      )
      .for('update')
    return row
  },
})

export const createCustomFieldStore = (db: Executor, now: () => Date) => ({
  ...definitionReads(db),
  ...definitionWrites(db, now),
  ...optionQueries(db),
  ...valueReads(db),
  ...valueWrites(db, now),
})
