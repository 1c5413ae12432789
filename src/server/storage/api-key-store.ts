import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys } from './schema'

/** Keys are stored as SHA-256 hashes; the raw key is shown once, when it is made. */
const hashKey = (rawKey: string) => createHash('sha256').update(rawKey).digest('hex')

export const createApiKeyStore = (db: Executor, now: () => Date) => ({
  async authenticate(rawKey: string) {
    const [key] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.key_hash, hashKey(rawKey)))
      .limit(1)
    return key ? { accountId: key.account_id, scope: key.scope, keyId: key.id } : null
  },

  /** The name a key was given: who made a change, as far as the service can tell. */
  async nameOf(keyId: string) {
    const [key] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1)
    return key?.name
  },

  /** Makes sure the key exists for the account with this scope, whatever the database held before. */
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
