import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { ROLES, type Role, roleAtLeast } from '../../contract/people'
import type { Executor } from './database'
import { apiKeys, users } from './schema'
import { createSessionKeys } from './session-keys'

/** The raw key is shown once, when it is made. */
export const hashKey = (rawKey: string) => createHash('sha256').update(rawKey).digest('hex')

const lower = (a: Role, b: Role) => (roleAtLeast(a, b) ? b : a)

type KeyRow = typeof apiKeys.$inferSelect
type UserRow = Pick<typeof users.$inferSelect, 'role' | 'party_id' | 'first_name' | 'last_name' | 'email'>

/** An account key acts as an owner or a viewer; a person's key never above the person's role today. */
const roleOf = (key: KeyRow, user: UserRow | null): Role | undefined => {
  if (!key.user_id) return key.scope === 'write' ? 'owner' : 'viewer'
  if (!user?.role) return undefined
  const ceiling = key.role && ROLES.includes(key.role) ? key.role : user.role
  const role = lower(user.role, ceiling)
  return key.scope === 'read' ? lower(role, 'viewer') : role
}

export const createApiKeyStore = (db: Executor, now: () => Date) => ({
  ...createSessionKeys(db, now),

  /** `at`: a key's expiry is a deadline a person lives by, so the wall clock's, not a fast-forwarded service's. */
  async authenticate(rawKey: string, at: Date = now()) {
    const [found] = await db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.user_id))
      .where(eq(apiKeys.key_hash, hashKey(rawKey)))
      .limit(1)
    if (!found) return null
    const { key, user } = found
    if (key.revoked_at || (key.expires_at && key.expires_at <= at)) return null
    const role = roleOf(key, user)
    if (!role) return null
    return {
      accountId: key.account_id,
      scope: key.scope,
      keyId: key.id,
      role,
      userId: key.user_id ?? undefined,
      partyId: role === 'customer' ? (user?.party_id ?? undefined) : undefined,
      actorName: user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : key.name,
    }
  },

  async nameOf(keyId: string) {
    const [key] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1)
    return key?.name
  },

  async ensure(accountId: string, name: string, scope: 'read' | 'write', rawKey: string) {
    await db
      .insert(apiKeys)
      .values({ account_id: accountId, name, scope, key_hash: hashKey(rawKey), created_at: now() })
      .onConflictDoUpdate({ target: apiKeys.key_hash, set: { account_id: accountId, scope } })
  },

  async create(accountId: string, name: string, scope: 'read' | 'write', rawKey: string) {
    const [key] = await db
      .insert(apiKeys)
      .values({ account_id: accountId, name, scope, key_hash: hashKey(rawKey), created_at: now() })
      .returning()
    return key
  },
})
