import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { alertRules, customFieldDefinitions, parties, terminals, users } from './schema'

export type AlertRuleRow = typeof alertRules.$inferSelect
export type AlertRuleValues = Omit<
  typeof alertRules.$inferInsert,
  'id' | 'account_id' | 'created_at' | 'updated_at' | 'last_fired_at' | 'evaluated_until'
>
export type AlertRuleView = AlertRuleRow & { created_by_name: string | null }

const createdByName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`

export const createAlertRuleStore = (db: Executor, now: () => Date) => {
  const viewed = (accountId: string, id?: string) =>
    db
      .select({ rule: alertRules, created_by_name: createdByName })
      .from(alertRules)
      .leftJoin(users, eq(users.id, alertRules.created_by))
      .where(and(eq(alertRules.account_id, accountId), id ? eq(alertRules.id, id) : undefined))
      .orderBy(asc(alertRules.created_at), asc(alertRules.id))
      .then((rows) => rows.map(({ rule, created_by_name }): AlertRuleView => ({ ...rule, created_by_name })))
  return {
    list: (accountId: string) => viewed(accountId),
    byId: async (accountId: string, id: string) => (await viewed(accountId, id))[0],
    async create(accountId: string, values: AlertRuleValues) {
      const [row] = await db
        .insert(alertRules)
        .values({ ...values, account_id: accountId, created_at: now(), updated_at: now() })
        .returning()
      return row
    },
    async update(accountId: string, id: string, values: Partial<AlertRuleValues>) {
      const [row] = await db
        .update(alertRules)
        .set({ ...values, updated_at: now() })
        .where(and(eq(alertRules.account_id, accountId), eq(alertRules.id, id)))
        .returning()
      return row
    },
    async remove(accountId: string, id: string) {
      const rows = await db
        .delete(alertRules)
        .where(and(eq(alertRules.account_id, accountId), eq(alertRules.id, id)))
        .returning({ id: alertRules.id })
      return rows.length > 0
    },
    /** The people of the account among `ids`, with what a delivery needs. */
    people: (accountId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: users.id,
              email: users.email,
              time_zone: users.time_zone,
              role: users.role,
              party_id: users.party_id,
            })
            .from(users)
            .where(and(eq(users.account_id, accountId), inArray(users.id, [...ids]), isNotNull(users.role))),
    async partyExists(accountId: string, id: string) {
      const rows = await db
        .select({ id: parties.id })
        .from(parties)
        .where(and(eq(parties.account_id, accountId), eq(parties.id, id)))
      return rows.length > 0
    },
    async terminalExists(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false
      return (await db.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, id))).length > 0
    },
    /** A shipment's or a container's field: the scopes a rule narrows by. */
    async fieldExists(accountId: string, slug: string) {
      const rows = await db
        .select({ id: customFieldDefinitions.id })
        .from(customFieldDefinitions)
        .where(
          and(
            eq(customFieldDefinitions.account_id, accountId),
            eq(customFieldDefinitions.api_slug, slug),
            inArray(customFieldDefinitions.entity_type, ['Shipment', 'Container']),
          ),
        )
      return rows.length > 0
    },
  }
}
