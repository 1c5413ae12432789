import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Executor } from './database'
import { apiKeys } from './schema'

const hashKey = (rawKey: string) => createHash('sha256').update(rawKey).digest('hex')

/** The person a session key acts for. */
export type KeyHolder = { id: string; accountId: string }

/**
 * A person's session key lives in their sealed session row only: minted at sign-in, revoked at sign-out.
 * It acts as the person's current role (read-only: a viewer at most).
 */
export const createSessionKeys = (db: Executor, now: () => Date) => ({
  async mintSessionKey(user: KeyHolder, expiresAt: Date, scope: 'read' | 'write' = 'write') {
    const rawKey = `qss_${randomBytes(32).toString('base64url')}`
    await db.insert(apiKeys).values({
      account_id: user.accountId,
      name: 'Dashboard session',
      scope,
      key_hash: hashKey(rawKey),
      created_at: now(),
      kind: 'session',
      user_id: user.id,
      token_prefix: rawKey.slice(0, 12),
      expires_at: expiresAt,
    })
    return rawKey
  },

  async revokeSessionKey(rawKey: string) {
    await db
      .update(apiKeys)
      .set({ revoked_at: now() })
      .where(
        and(eq(apiKeys.key_hash, hashKey(rawKey)), eq(apiKeys.kind, 'session'), isNull(apiKeys.revoked_at)),
      )
  },

  /** All but `keepRawKey`'s, so "sign out my other sessions" keeps this one. */
  async revokeSessionKeys(userId: string, keepRawKey?: string) {
    const others = keepRawKey ? [ne(apiKeys.key_hash, hashKey(keepRawKey))] : []
    await db
      .update(apiKeys)
      .set({ revoked_at: now() })
      .where(
        and(eq(apiKeys.user_id, userId), eq(apiKeys.kind, 'session'), isNull(apiKeys.revoked_at), ...others),
      )
  },
})
