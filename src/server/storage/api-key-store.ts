import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys } from './schema'

/** The raw key is shown once, when it is made. */
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
