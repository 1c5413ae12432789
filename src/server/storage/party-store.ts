import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { paged } from './paged'
import { accounts, parties, users } from './schema'
import type { PageRequest } from './shipment-store'

export type Party = typeof parties.$inferSelect
export type User = typeof users.$inferSelect
export type Account = typeof accounts.$inferSelect

export const createPartyStore = (db: Executor, now: () => Date) => ({
  async list(accountId: string, page: PageRequest) {
    const where = eq(parties.account_id, accountId)
    return paged(
      db
        .select()
        .from(parties)
        .where(where)
        .orderBy(asc(parties.company_name), asc(parties.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(parties).where(where),
    )
  },
  byIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(parties)
          .where(and(eq(parties.account_id, accountId), inArray(parties.id, ids))),
  async create(accountId: string, companyName: string) {
    const [row] = await db
      .insert(parties)
      .values({ account_id: accountId, company_name: companyName, created_at: now() })
      .returning()
    return row
  },
  async byName(accountId: string, companyName: string, except?: string) {
    const [row] = await db
      .select()
      .from(parties)
      .where(
        and(
          eq(parties.account_id, accountId),
          eq(sql`lower(${parties.company_name})`, companyName.toLowerCase()),
          except ? ne(parties.id, except) : undefined,
        ),
      )
      .limit(1)
    return row
  },
  async update(accountId: string, id: string, companyName: string) {
    const [row] = await db
      .update(parties)
      .set({ company_name: companyName })
      .where(and(eq(parties.account_id, accountId), eq(parties.id, id)))
      .returning()
    return row
  },
  accountsByIds: (accountId: string, ids: string[]) =>
    ids.includes(accountId)
      ? db.select().from(accounts).where(eq(accounts.id, accountId))
      : Promise.resolve([]),
  usersByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(users)
          .where(and(eq(users.account_id, accountId), inArray(users.id, ids))),
})
