import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { Role } from '../../contract/people'
import type { Executor } from './database'
import { apiKeys, parties, passkeys, sessions, users } from './schema'
import type { PageRequest } from './shipment-store'

type UserRow = typeof users.$inferSelect

const personName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email

/** What the list and a person's page show; never the password hash. */
const shown = {
  user: users,
  party_name: parties.company_name,
  passkey_count: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.user_id} = ${users.id})`,
}
export type ShownUser = { user: UserRow; party_name: string | null; passkey_count: number }

export type NewPerson = {
  email: string
  role: Role
  first_name?: string | null
  last_name?: string | null
  party_id?: string | null
  time_zone?: string
  password_hash?: string | null
}

const signIn = and(isNotNull(users.role))

/** Who may sign in, and how. */
const signIns = (db: Executor) => ({
  /** A person who may sign in (role not null), whatever the account. */
  async signInFacts(userId: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), signIn))
      .limit(1)
    if (!user?.role) return undefined
    return {
      id: user.id,
      accountId: user.account_id,
      name: personName(user),
      email: user.email,
      role: user.role,
      time_zone: user.time_zone,
      demo: user.demo,
    }
  },

  /** The demo's person and OWNER_EMAIL's are not found by email with a password. */
  async byEmail(email: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, signIn, eq(users.demo, false)))
      .limit(1)
    return user
  },

  async demoPersonOf(accountId: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.account_id, accountId), eq(users.demo, true), signIn))
      .orderBy(asc(users.created_at), asc(users.id))
      .limit(1)
    return row?.id
  },

  async passwordHash(id: string) {
    const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, id)).limit(1)
    return row?.hash ?? null
  },

  async signedIn(id: string, at: Date) {
    await db.update(users).set({ last_signed_in_at: at }).where(eq(users.id, id))
  },
})

/** What the list and a person's page show. */
const shownPeople = (db: Executor) => ({
  async list(accountId: string, page: PageRequest) {
    const where = and(eq(users.account_id, accountId), signIn)
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(shown)
        .from(users)
        .leftJoin(parties, eq(parties.id, users.party_id))
        .where(where)
        .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
        .limit(page.size)
        .offset((page.number - 1) * page.size),
      db.select({ total: count() }).from(users).where(where),
    ])
    return { rows: rows as ShownUser[], total }
  },

  async get(accountId: string, id: string) {
    const [row] = await db
      .select(shown)
      .from(users)
      .leftJoin(parties, eq(parties.id, users.party_id))
      .where(and(eq(users.account_id, accountId), eq(users.id, id), signIn))
      .limit(1)
    return row as ShownUser | undefined
  },
})

/** An account never loses its last owner, and an owner who never came is invited again. */
const owners = (db: Executor) => ({
  /** Locks the account's owners, so two demotions at once cannot both pass "another owner remains". */
  async lockOwners(accountId: string) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.account_id, accountId), eq(users.role, 'owner')))
      .for('update')
    return rows.map((row) => row.id)
  },

  /** The account's one owner (the demo's aside), when they have no password, no passkey and no sign-in yet. */
  async ownerNeverSignedIn(accountId: string) {
    const owners = await db
      // spelled out: a one-table select leaves the column names unqualified, and passkeys has an id too
      .select({
        user: users,
        passkey_count: sql<number>`(select count(*)::int from passkeys where passkeys.user_id = users.id)`,
      })
      .from(users)
      .where(and(eq(users.account_id, accountId), eq(users.role, 'owner'), eq(users.demo, false)))
      .limit(2)
    const [only] = owners
    if (owners.length !== 1 || only.user.password_hash || only.user.last_signed_in_at || only.passkey_count)
      return undefined
    return only.user
  },

  async anyOwner(accountId: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.account_id, accountId), eq(users.role, 'owner'), eq(users.demo, false)))
      .limit(1)
    return row !== undefined
  },
})

/** Making, changing and removing people. */
const personWrites = (db: Executor, now: () => Date) => ({
  async create(accountId: string, person: NewPerson) {
    const [row] = await db
      .insert(users)
      .values({ account_id: accountId, ...person, created_at: now(), updated_at: now() })
      .returning()
    return row
  },

  async update(accountId: string, id: string, change: Partial<NewPerson> & { last_signed_in_at?: Date }) {
    const [row] = await db
      .update(users)
      .set({ ...change, updated_at: now() })
      .where(and(eq(users.account_id, accountId), eq(users.id, id)))
      .returning()
    return row
  },

  /** Kept as a name on records; its keys, sessions and passkeys go. */
  async remove(accountId: string, id: string) {
    const at = now()
    await db
      .update(users)
      .set({ role: null, password_hash: null, party_id: null, updated_at: at })
      .where(and(eq(users.account_id, accountId), eq(users.id, id)))
    await db.update(apiKeys).set({ revoked_at: at }).where(eq(apiKeys.user_id, id))
    await db.delete(sessions).where(eq(sessions.user_id, id))
    await db.delete(passkeys).where(eq(passkeys.user_id, id))
  },
})

export const createUserStore = (db: Executor, now: () => Date) => ({
  ...signIns(db),
  ...shownPeople(db),
  ...owners(db),
  ...personWrites(db, now),
})
